/** A nav entry is active on its own path and, except Home, on the paths below it. */
export function isNavActive(entryPath: string, location: string): boolean {
  if (entryPath === "/") return location === "/";
  return location === entryPath || location.startsWith(`${entryPath}/`);
}
