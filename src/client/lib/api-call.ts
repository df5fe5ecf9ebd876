// One typed call per route of src/shared/contracts/routes.ts: the path, the body and the answer's
// type all come from the route's contract, so a change of contract shows up in the client's types.
// Only types are imported from the contracts: no schema reaches the bundle, and answers are not
// parsed here (the server checks every JSON answer against its contract outside production,
// src/server/http/contract-check.ts).
import type { z } from "zod";
import type { ROUTE_CONTRACTS, RouteKey } from "@shared/contracts/routes";
import { httpError } from "./api-error";
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

/**
 * The route called same-origin with cookies: `options.query` percent-encoded (missing values
 * left out), the body sent as JSON only when given. A non-ok answer throws `${status}: ${body}`
 * (spec 8, lib/api-error.ts). Resolves to the Response itself, its body unread.
 */
export async function apiSend<K extends RouteKey>(route: K, ...[options]: OptionsArg<K>): Promise<Response> {
  const opts = (options ?? {}) as { params?: ApiParams<K>; body?: unknown; query?: QueryParams; signal?: AbortSignal };
  const method = route.slice(0, route.indexOf(" "));
  const res = await fetch(withQuery(apiPath(route, opts.params), opts.query), {
    method,
    headers: opts.body !== undefined ? { "Content-Type": "application/json" } : {},
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
    credentials: "include",
    signal: opts.signal,
  });
  if (!res.ok) throw httpError(res.status, await res.text(), res.statusText);
  return res;
}

/** As apiSend, resolving to the answer's JSON, typed by the route's contract. */
export async function apiCall<K extends RouteKey>(route: K, ...args: OptionsArg<K>): Promise<ApiResponse<K>> {
  const res = await apiSend(route, ...args);
  return (await res.json()) as ApiResponse<K>;
}
