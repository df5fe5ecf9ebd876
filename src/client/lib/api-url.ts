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
