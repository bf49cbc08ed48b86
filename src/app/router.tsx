/**
 * The TanStack Router tree, built from the route table in routes.ts. Public screens sit in the auth layout;
 * private ones in the shell, behind the credentials guard and, per route, the module gate.
 *
 * Code splitting: the sign-in screen, the layouts' frames and the guards are in the first chunk; the shell (and
 * with it the replica), every private screen and the other public screens are loaded with their route
 * (lazyRouteComponent), so the sign-in page carries none of them. src/app/pwa/prefetchScreens.ts fetches the rest
 * when the browser is idle after sign-in, so every screen also opens offline.
 */
import { createBrowserHistory, createRootRoute, createRoute, createRouter, lazyRouteComponent, redirect } from '@tanstack/react-router';
import type { AnyRoute } from '@tanstack/react-router';
import { readCredentials } from '../data/auth.ts';
import { loadFeatureCatalogues } from '../i18n/i18n.ts';
import { enabledModuleSet, routeAccess } from '../domain/access/modules.ts';
import { LoginScreen } from '../features/auth/LoginScreen.tsx';
import { AuthLayout } from './shell/AuthLayout.tsx';
import { FullPageLoader } from './shell/FullPageLoader.tsx';
import { NotAuthorizedScreen } from '../features/shell/NotAuthorizedScreen.tsx';
import { NotFoundScreen } from '../features/shell/NotFoundScreen.tsx';
import { validateAppEditSearch, validateAppsSearch } from '../features/apps/appsSearch.ts';
import { validateInboxSearch } from '../features/tickets/inboxSearch.ts';
import { validateCaseTypeSearch } from '../features/settings/caseTypes/caseTypeSearch.ts';
import { validateHistorySearch } from '../domain/engine/instanceHistory.ts';
import { validateCaseHistorySearch } from '../domain/cases/caseHistoryQuery.ts';
import { validateCaseDetailSearch } from '../domain/cases/caseDetail.ts';
import { RootLayout } from './shell/RootLayout.tsx';
import { StartupFailure, ensureAccount } from './accountLoader.ts';
import { ERROR_PATHS, HOME_PATH, PRIVATE_ROUTES, PUBLIC_PATHS } from './routes.ts';
import type { PrivateRoute } from './routes.ts';
import { SCREEN_BY_AREA, SCREEN_BY_ROUTE } from './screens.ts';
import type { Screen } from './screens.ts';
import { announceStartupFailure, endSession } from './sessionActions.ts';
import type { AccountSnapshot } from './state/accountAtoms.ts';
import { RenderSoon } from '../ui/RenderSoon.tsx';
import { urlWrittenLater } from './urlWrittenLater.ts';

const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFoundScreen });

const authLayout = createRoute({ getParentRoute: () => rootRoute, id: 'auth', component: AuthLayout });

const loginRoute = createRoute({
  getParentRoute: () => authLayout,
  path: PUBLIC_PATHS.login,
  beforeLoad: ({ location }) => {
    // Part 1 §2: a #update hash goes to /update keeping the search string.
    if (location.hash === 'update') throw redirect({ href: `${PUBLIC_PATHS.update}${location.searchStr}` });
    if (readCredentials() !== null) throw redirect({ to: HOME_PATH });
  },
  component: LoginScreen,
});
const recoveryRoute = createRoute({
  getParentRoute: () => authLayout,
  path: PUBLIC_PATHS.recovery,
  component: lazyRouteComponent(() => import('../features/auth/RecoveryScreen.tsx'), 'RecoveryScreen'),
});
const updateRoute = createRoute({
  getParentRoute: () => authLayout,
  path: PUBLIC_PATHS.update,
  component: lazyRouteComponent(() => import('../features/auth/UpdatePasswordScreen.tsx'), 'UpdatePasswordScreen'),
});
const expiredRoute = createRoute({
  getParentRoute: () => authLayout,
  path: PUBLIC_PATHS.expired,
  component: lazyRouteComponent(() => import('../features/auth/ExpiredScreen.tsx'), 'ExpiredScreen'),
});
const notAuthorizedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: ERROR_PATHS.notAuthorized,
  component: NotAuthorizedScreen,
});
const notFoundRoute = createRoute({ getParentRoute: () => rootRoute, path: ERROR_PATHS.notFound, component: NotFoundScreen });

async function signOutToLogin(): Promise<never> {
  await endSession();
  throw redirect({ to: PUBLIC_PATHS.login });
}

const privateLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'private',
  beforeLoad: async (): Promise<{ account: AccountSnapshot }> => {
    const credentials = readCredentials();
    if (credentials === null) throw redirect({ to: PUBLIC_PATHS.login });
    // The console's own texts, before its first screen renders (a chunk the service worker keeps offline).
    await loadFeatureCatalogues().catch(() => undefined);
    try {
      return { account: await ensureAccount(credentials, () => void endSession().then(() => router.navigate({ to: '/' }))) };
    } catch (error) {
      if (error instanceof StartupFailure && !error.sessionEnded) announceStartupFailure();
      return signOutToLogin();
    }
  },
  pendingComponent: FullPageLoader,
  component: lazyRouteComponent(() => import('./shell/ShellLayout.tsx'), 'ShellLayout'),
});

/** The route's screen, loaded with the route: the router awaits `preload` before it renders the match. */
function lazyScreen(entry: PrivateRoute) {
  const load = SCREEN_BY_ROUTE[entry.id] ?? SCREEN_BY_AREA[entry.area];
  const Lazy = lazyRouteComponent(async () => ({ screen: await load() }) satisfies { screen: Screen }, 'screen');
  // The screen mounts in the background, a frame after the router has shown the route (RenderSoon).
  const DeferredScreen = () => (
    <RenderSoon>
      <Lazy route={entry} />
    </RenderSoon>
  );
  return Object.assign(DeferredScreen, { preload: () => Lazy.preload?.() });
}

/** Routes whose view lives in their URL's search params (tab, filters, pages), by route id. */
const SEARCH_OF_ROUTE: Partial<Record<string, (search: Record<string, unknown>) => object>> = {
  tickets: validateInboxSearch,
  apps: validateAppsSearch,
  appEdit: validateAppEditSearch,
  appHistory: validateHistorySearch,
  caseType: validateCaseTypeSearch,
  cases: validateCaseHistorySearch,
  case: validateCaseDetailSearch,
  // The flows screens check their own search params (features/flows/flowsSearch.ts), so the sign-in chunk,
  // which carries this router, does not grow with them.
};

function privateRoute(entry: PrivateRoute): AnyRoute {
  const validateSearch = SEARCH_OF_ROUTE[entry.id];
  return createRoute({
    getParentRoute: () => privateLayout,
    path: entry.path,
    ...(validateSearch === undefined ? {} : { validateSearch }),
    staticData: { routeId: entry.id },
    beforeLoad: ({ context }) => {
      const access = routeAccess(entry.module, entry.gated, enabledModuleSet(context.account.account.enabledModules));
      if (!access.allowed) throw redirect({ to: access.redirectTo });
    },
    component: lazyScreen(entry),
  });
}

const routeTree = rootRoute.addChildren([
  authLayout.addChildren([loginRoute, recoveryRoute, updateRoute, expiredRoute]),
  notAuthorizedRoute,
  notFoundRoute,
  privateLayout.addChildren(PRIVATE_ROUTES.map(privateRoute)),
]);

export const router = createRouter({
  routeTree,
  // The address bar is written a task after a click's render, not inside it (urlWrittenLater.ts).
  history: createBrowserHistory({ window: urlWrittenLater(window) }),
  defaultPendingMs: 150,
  defaultPendingMinMs: 0,
  defaultNotFoundComponent: NotFoundScreen,
  scrollRestoration: true,
  // The shell's main area is what scrolls: a new screen starts at its top (back and forward restore it), not at
  // the offset the screen before it was scrolled to.
  scrollToTopSelectors: ['#main-content'],
});

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The route table id of a private route; the back bar and others look the entry up with it. */
    routeId?: string;
  }
}
