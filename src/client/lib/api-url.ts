import { httpError } from "./api-error";

export type QueryParams = Readonly<Record<string, string | number | boolean | null | undefined>>;

/**
 * `path?k=v&...` with every value percent-encoded (a space as %20, not "+"); missing, null and
 * empty values are left out.
 */
export function withQuery(path: string, params?: QueryParams): string {
  const pairs = Object.entries(params ?? {})
    .filter(([, v]) => v !== undefined && v !== null && v !== "")
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return pairs.length ? `${path}?${pairs.join("&")}` : path;
}

/** Same-origin GET with cookies, parsed as JSON; a non-ok answer throws `${status}: ${body}` (spec 8). */
export async function getJson<T>(path: string, params?: QueryParams, signal?: AbortSignal): Promise<T> {
  const res = await fetch(withQuery(path, params), { credentials: "include", signal });
  if (!res.ok) throw httpError(res.status, await res.text(), res.statusText);
  return (await res.json()) as T;
}
