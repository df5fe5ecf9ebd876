import { AUTH_PATHS } from "@client/lib/api-paths";
import { forgetReturnTo } from "@client/lib/return-to";

/** Leaves the single-page app: the server answers this path (OAuth, log out, reload). */
export function navigateWholePage(path: string): void {
  window.location.href = path;
}

export function logOut(): void {
  forgetReturnTo();
  navigateWholePage(AUTH_PATHS.logout);
}
