import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect } from "react";
import { Route, Switch, useLocation } from "wouter";
import { LOADING_TEXT } from "@shared/constants";
import { currentVibesQuery } from "@client/features/venues/api/current-vibes";
import { canSaveVibes } from "@client/features/venues/lib/vibe-selection";
import { useAuth } from "@client/lib/auth";
import { AppShell } from "./app-shell";
import { LoadingScreen } from "./loading-screen";
import { NotFoundPage } from "./not-found-page";
import { useScrollToTop } from "./use-scroll-to-top";

// Every page is its own chunk, loaded when its route is first shown, so the first load carries only
// the shell and the page on screen (budgets: tests/e2e/budgets.test.ts).
const LandingPage = lazy(() => import("@client/features/landing/landing-page").then((m) => ({ default: m.LandingPage })));
const HomePage = lazy(() => import("@client/features/home/home-page").then((m) => ({ default: m.HomePage })));
const BusinessPage = lazy(() => import("@client/features/business/business-page").then((m) => ({ default: m.BusinessPage })));
// The login screen carries the form validation (zod), which nothing else on first load needs.
const LoginPage = lazy(() => import("@client/features/auth/login-page").then((m) => ({ default: m.LoginPage })));
const ExplorePage = lazy(() => import("@client/features/explore/explore-page").then((m) => ({ default: m.ExplorePage })));
const SavedPage = lazy(() => import("@client/features/saved/saved-page").then((m) => ({ default: m.SavedPage })));
// Feed, Friends and Profile (dialogs, tabs, sheets) load on first visit too.
const FeedPage = lazy(() => import("@client/features/feed/feed-page").then((m) => ({ default: m.FeedPage })));
const FriendsPage = lazy(() => import("@client/features/friends/friends-page").then((m) => ({ default: m.FriendsPage })));
const ProfilePage = lazy(() => import("@client/features/profile/profile-page").then((m) => ({ default: m.ProfilePage })));
// Only operators use the admin panel: it loads on first visit, like the pages above.
const AdminPage = lazy(() => import("@client/features/admin/admin-page").then((m) => ({ default: m.AdminPage })));

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
      <Route>
        <main>
          <NotFoundPage />
        </main>
      </Route>
    </Switch>
  );
}

/** Admin and business are registered for every signed-in user; the server enforces roles (spec 6). */
function SignedInRoutes() {
  const { user } = useAuth();
  const [location] = useLocation();
  const queryClient = useQueryClient();
  // Home searches only once the saved vibes are known: ask for them while Home's chunk downloads
  // rather than after it has run (Largest Contentful Paint).
  useEffect(() => {
    if (location === "/" && canSaveVibes(user)) void queryClient.prefetchQuery(currentVibesQuery);
    // once per sign-in, not on every navigation
  }, [user?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <AppShell>
      <Switch>
        <Route path="/">
          <Suspense fallback={<PageLoading />}>
            <HomePage />
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
  useScrollToTop();
  if (isLoading) return <LoadingScreen />;
  return isAuthenticated ? <SignedInRoutes /> : <SignedOutRoutes />;
}
