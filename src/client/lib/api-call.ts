// One typed call per route of src/shared/contracts/routes.ts: the path, the body and the answer's
// type all come from the route's contract, so a change of contract shows up in the client's types.
// Only types are imported from the contracts: no schema reaches the bundle, and answers are not
// parsed here (the server checks every JSON answer against its contract outside production,
// src/server/http/contract-check.ts).
import type { z } from "zod";
import type { ROUTE_CONTRACTS, RouteKey } from "@shared/contracts/routes";
import { httpError } from "./api-error";
import { isOffline, noteAnswer, OFFLINE_TEXT } from "./offline";
import { type QueryParams, withQuery } from "./api-url";

type Contract<K extends RouteKey> = (typeof ROUTE_CONTRACTS)[K];
type PathOf<K extends RouteKey> = K extends `${string} ${infer P}` ? P : never;

/** The route's 2xx answer, as its contract's response schema describes it. */
export type ApiResponse<K extends RouteKey> = Contract<K>["response"] extends z.ZodType
  ? z.infer<Contract<K>["response"]>
  : never;

/** The JSON body the route reads (its contract's request body, before the server parses it). */
export type ApiBody<K extends RouteKey> = Contract<K>["request"] extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : never;

/** `:name` segments of a path template, each a value for that segment. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
export type ApiParams<K extends RouteKey> = { [N in ParamNames<PathOf<K>>]: string | number };

type ParamsOption<K extends RouteKey> = [ParamNames<PathOf<K>>] extends [never]
  ? { params?: never }
  : { params: ApiParams<K> };
type BodyOption<K extends RouteKey> = [ApiBody<K>] extends [never] ? { body?: never } : { body: ApiBody<K> };

export type ApiCallOptions<K extends RouteKey> = ParamsOption<K> &
  BodyOption<K> & { query?: QueryParams; signal?: AbortSignal };

/** Options are needed only when the route has path parameters or a body. */
type OptionsArg<K extends RouteKey> = [ParamNames<PathOf<K>>, ApiBody<K>] extends [never, never]
  ? [options?: ApiCallOptions<K>]
  : [options: ApiCallOptions<K>];

/** The route's path with each `:name` replaced by its percent-encoded value. */
export function apiPath<K extends RouteKey>(route: K, params?: ApiParams<K>): string {
  const path = route.slice(route.indexOf(" ") + 1);
  const values = (params ?? {}) as Record<string, string | number>;
  return path.replace(/:([A-Za-z]+)/g, (_m, name: string) => encodeURIComponent(String(values[name])));
}

/** The header a write carries its submission's key in (server: http/idempotency.ts). */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

/** The keys of the writes on their way, by request (method, URL and body): one submission, one key. */
const inFlight = new Map<string, { key: string; count: number }>();

const newKey = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * The route called same-origin with cookies: `options.query` percent-encoded (missing values
 * left out), the body sent as JSON only when given. A non-ok answer throws `${status}: ${body}`
 * (spec 8, lib/api-error.ts). Resolves to the Response itself, its body unread.
 *
 * Every write (any method but GET) carries an Idempotency-Key. The same write sent again while the
 * first is still on its way (a double click before the button is disabled) carries the same key,
 * so the server does it once and answers both with the first one's answer (issue 26).
 */
export async function apiSend<K extends RouteKey>(route: K, ...[options]: OptionsArg<K>): Promise<Response> {
  const opts = (options ?? {}) as { params?: ApiParams<K>; body?: unknown; query?: QueryParams; signal?: AbortSignal };
  const method = route.slice(0, route.indexOf(" "));
  const url = withQuery(apiPath(route, opts.params), opts.query);
  const body = opts.body !== undefined ? JSON.stringify(opts.body) : undefined;
  const headers: Record<string, string> = body !== undefined ? { "Content-Type": "application/json" } : {};
  const write = method !== "GET";
  // a write is never sent into the void offline, nor kept to be sent later without a word (issue 26)
  if (write && isOffline()) throw offlineError(OFFLINE_TEXT.writeRefused);
  const request = `${method} ${url} ${body ?? ""}`;
  let submission: { key: string; count: number } | undefined;
  if (write) {
    submission = inFlight.get(request) ?? { key: newKey(), count: 0 };
    submission.count++;
    inFlight.set(request, submission);
    headers[IDEMPOTENCY_HEADER] = submission.key;
  }
  try {
    let res: Response;
    try {
      res = await fetch(url, { method, headers, body, credentials: "include", signal: opts.signal });
    } catch (error) {
      if (write && error instanceof TypeError) throw offlineError(OFFLINE_TEXT.writeFailed);
      throw error;
    }
    noteAnswer(res);
    if (!res.ok) throw httpError(res.status, await res.text(), res.statusText);
    return res;
  } finally {
    if (submission && --submission.count === 0 && inFlight.get(request) === submission) inFlight.delete(request);
  }
}

/** An error whose message (errorMessage) is `message`, as a server's 503 would carry. */
const offlineError = (message: string) => httpError(503, JSON.stringify({ message }), "Offline");

/**
 * As apiSend, for a call whose answer is not needed: the answer is read to its end all the same.
 * Chromium does not finish a fetch whose body is never read: the request stays open (a page never
 * reaches network idle) and its connection is not reused, one of the six a page has per host.
 */
export async function apiDo<K extends RouteKey>(route: K, ...args: OptionsArg<K>): Promise<void> {
  const res = await apiSend(route, ...args);
  await res.arrayBuffer();
}

/** As apiSend, resolving to the answer's JSON, typed by the route's contract. */
export async function apiCall<K extends RouteKey>(route: K, ...args: OptionsArg<K>): Promise<ApiResponse<K>> {
  const res = await apiSend(route, ...args);
  return (await res.json()) as ApiResponse<K>;
}
