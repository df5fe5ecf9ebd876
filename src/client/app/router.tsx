import { lazy, Suspense, useEffect } from "react";
import { Redirect, Route, Switch, useLocation } from "wouter";
import { ACCOUNT_PAGES } from "@client/lib/api-paths";
import { LOADING_TEXT } from "@client/lib/texts";
import { useAuth } from "@client/lib/auth";
import { loadPage } from "@client/lib/page-chunk";
import { isReturnPage, rememberReturnTo, takeReturnTo } from "@client/lib/return-to";
import { AppShell } from "./app-shell";
import { LoadingScreen } from "./loading-screen";
import { NotFoundPage } from "./not-found-page";
import { useScrollToTop } from "./use-scroll-to-top";

// Every page is its own chunk. "/" is the first screen for everyone, the landing page signed out
// and Home signed in: both start loading with the app, alongside the session check that decides
// between them, so the split costs no extra round trip (tests/e2e/budgets.test.ts measures it).
// loadPage reloads the tab once if a chunk is gone because a new build was deployed meanwhile.
const landingModule = import("@client/features/landing/landing-page");
const homeModule = import("@client/features/home/home-page");
const LandingPage = lazy(() => loadPage(() => landingModule.then((m) => ({ default: m.LandingPage }))));
const HomePage = lazy(() => loadPage(() => homeModule.then((m) => ({ default: m.HomePage }))));
// Owners' dashboard: only venue owners need it.
const BusinessPage = lazy(() =>
  loadPage(() => import("@client/features/business/business-page").then((m) => ({ default: m.BusinessPage }))),
);
// The login screen carries the form validation (zod), which nothing else on first load needs.
const LoginPage = lazy(() =>
  loadPage(() => import("@client/features/auth/login-page").then((m) => ({ default: m.LoginPage }))),
);
// The landings of the links VIBE mails (verification, password reset): only their readers need them.
const VerifyEmailPage = lazy(() =>
  loadPage(() => import("@client/features/auth/verify-email-page").then((m) => ({ default: m.VerifyEmailPage }))),
);
const ResetPasswordPage = lazy(() =>
  loadPage(() => import("@client/features/auth/reset-password-page").then((m) => ({ default: m.ResetPasswordPage }))),
);
const SignInLinkPage = lazy(() =>
  loadPage(() => import("@client/features/auth/sign-in-link-page").then((m) => ({ default: m.SignInLinkPage }))),
);
// Explore and Saved load on first visit.
const ExplorePage = lazy(() =>
  loadPage(() => import("@client/features/explore/explore-page").then((m) => ({ default: m.ExplorePage }))),
);
const SavedPage = lazy(() =>
  loadPage(() => import("@client/features/saved/saved-page").then((m) => ({ default: m.SavedPage }))),
);
// Feed, Friends and Profile (dialogs, tabs, sheets) load on first visit too.
const FeedPage = lazy(() =>
  loadPage(() => import("@client/features/feed/feed-page").then((m) => ({ default: m.FeedPage }))),
);
const FriendsPage = lazy(() =>
  loadPage(() => import("@client/features/friends/friends-page").then((m) => ({ default: m.FriendsPage }))),
);
const ProfilePage = lazy(() =>
  loadPage(() => import("@client/features/profile/profile-page").then((m) => ({ default: m.ProfilePage }))),
);
// A venue's own page: what a shared venue link opens, signed in or not (issue 26).
const VenuePage = lazy(() =>
  loadPage(() => import("@client/features/venues/venue-page").then((m) => ({ default: m.VenuePage }))),
);
// Only operators use the admin panel: it loads on first visit, like the pages above.
const AdminPage = lazy(() =>
  loadPage(() => import("@client/features/admin/admin-page").then((m) => ({ default: m.AdminPage }))),
);

function PageLoading() {
  return (
    <p role="status" className="px-4 py-12 text-center text-muted-foreground md:px-8">
      {LOADING_TEXT}
    </p>
  );
}

function SignedOutRoutes() {
  return (
    <Switch>
      <Route path="/">
        <Suspense fallback={<LoadingScreen />}>
          <LandingPage />
        </Suspense>
      </Route>
      <Route path="/login">
        <Suspense fallback={<LoadingScreen />}>
          <LoginPage />
        </Suspense>
      </Route>
      {/* a venue's link shows the venue to anyone (issue 26, beyond spec 1's "landing page only") */}
      <Route path="/venues/*">
        <Suspense fallback={<LoadingScreen />}>
          <VenuePage signedIn={false} />
        </Suspense>
      </Route>
      <Route>
        <SignedOutElsewhere />
      </Route>
    </Switch>
  );
}

/** A signed-out deep link to an app page shows the landing page and is remembered for after sign-in. */
function SignedOutElsewhere() {
  const [location] = useLocation();
  const appPage = isReturnPage(location);
  useEffect(() => {
    if (appPage) rememberReturnTo(location + window.location.search);
  }, [appPage, location]);
  if (!appPage)
    return (
      <main>
        <NotFoundPage />
      </main>
    );
  return (
    <Suspense fallback={<LoadingScreen />}>
      <LandingPage />
    </Suspense>
  );
}

/** Signed in at "/" (OAuth comes back there) with a page remembered from a signed-out deep link: go to it. */
function useReturnAfterSignIn() {
  const [location, navigate] = useLocation();
  // once, when the signed-in routes mount (after sign-in), not on every navigation
  useEffect(() => {
    const page = takeReturnTo();
    if (page && (location === "/" || location === "/login")) navigate(page, { replace: true });
  }, []);
}

/** Admin and business are registered for every signed-in user; the server enforces roles (spec 6). */
function SignedInRoutes() {
  useReturnAfterSignIn();
  return (
    <AppShell>
      <Switch>
        <Route path="/login">
          <Redirect to="/" replace />
        </Route>
        <Route path="/">
          <Suspense fallback={<PageLoading />}>
            <HomePage />
          </Suspense>
        </Route>
        <Route path="/venues/*">
          <Suspense fallback={<PageLoading />}>
            <VenuePage signedIn />
          </Suspense>
        </Route>
        <Route path="/feed">
          <Suspense fallback={<PageLoading />}>
            <FeedPage />
          </Suspense>
        </Route>
        <Route path="/friends">
          <Suspense fallback={<PageLoading />}>
            <FriendsPage />
          </Suspense>
        </Route>
        <Route path="/explore">
          <Suspense fallback={<PageLoading />}>
            <ExplorePage />
          </Suspense>
        </Route>
        <Route path="/saved">
          <Suspense fallback={<PageLoading />}>
            <SavedPage />
          </Suspense>
        </Route>
        <Route path="/profile">
          <Suspense fallback={<PageLoading />}>
            <ProfilePage />
          </Suspense>
        </Route>
        <Route path="/business">
          <Suspense fallback={<PageLoading />}>
            <BusinessPage />
          </Suspense>
        </Route>
        <Route path="/admin">
          <Suspense fallback={<PageLoading />}>
            <AdminPage />
          </Suspense>
        </Route>
        <Route component={NotFoundPage} />
      </Switch>
    </AppShell>
  );
}

export function AppRouter() {
  const { isLoading, isAuthenticated } = useAuth();
  const [location] = useLocation();
  useScrollToTop();
  // The links VIBE mails open the same page signed in or out, without waiting for the session check.
  if (location === ACCOUNT_PAGES.verifyEmail)
    return (
      <Suspense fallback={<LoadingScreen />}>
        <VerifyEmailPage />
      </Suspense>
    );
  if (location === ACCOUNT_PAGES.resetPassword)
    return (
      <Suspense fallback={<LoadingScreen />}>
        <ResetPasswordPage />
      </Suspense>
    );
  if (location === ACCOUNT_PAGES.signInLink)
    return (
      <Suspense fallback={<LoadingScreen />}>
        <SignInLinkPage />
      </Suspense>
    );
  if (isLoading) return <LoadingScreen />;
  return isAuthenticated ? <SignedInRoutes /> : <SignedOutRoutes />;
}
