import { lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { AdminPage } from "@client/features/admin/admin-page";
import { BusinessPage } from "@client/features/business/business-page";
import { ExplorePage } from "@client/features/explore/explore-page";
import { FeedPage } from "@client/features/feed/feed-page";
import { FriendsPage } from "@client/features/friends/friends-page";
import { HomePage } from "@client/features/home/home-page";
import { LandingPage } from "@client/features/landing/landing-page";
import { ProfilePage } from "@client/features/profile/profile-page";
import { SavedPage } from "@client/features/saved/saved-page";
import { useAuth } from "@client/lib/auth";
import { AppShell } from "./app-shell";
import { LoadingScreen } from "./loading-screen";
import { NotFoundPage } from "./not-found-page";
import { useScrollToTop } from "./use-scroll-to-top";

// The login screen carries the form validation (zod), which nothing else on first load needs.
const LoginPage = lazy(() => import("@client/features/auth/login-page").then((m) => ({ default: m.LoginPage })));

function SignedOutRoutes() {
  return (
    <Switch>
      <Route path="/" component={LandingPage} />
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
  return (
    <AppShell>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/feed" component={FeedPage} />
        <Route path="/friends" component={FriendsPage} />
        <Route path="/explore" component={ExplorePage} />
        <Route path="/saved" component={SavedPage} />
        <Route path="/profile" component={ProfilePage} />
        <Route path="/business" component={BusinessPage} />
        <Route path="/admin" component={AdminPage} />
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
