/**
 * The TanStack Router tree, built from the route table in routes.ts. Public screens sit in the auth layout;
 * private ones in the shell, behind the credentials guard and, per route, the module gate.
 */
import { createRootRoute, createRoute, createRouter, redirect } from '@tanstack/react-router';
import type { AnyRoute } from '@tanstack/react-router';
import { readCredentials } from '../data/auth.ts';
import { enabledModuleSet, routeAccess } from '../domain/access/modules.ts';
import { ExpiredScreen } from '../features/auth/ExpiredScreen.tsx';
import { LoginScreen } from '../features/auth/LoginScreen.tsx';
import { RecoveryScreen } from '../features/auth/RecoveryScreen.tsx';
import { UpdatePasswordScreen } from '../features/auth/UpdatePasswordScreen.tsx';
import { AuthLayout } from './shell/AuthLayout.tsx';
import { FullPageLoader } from './shell/FullPageLoader.tsx';
import { NotAuthorizedScreen } from '../features/shell/NotAuthorizedScreen.tsx';
import { NotFoundScreen } from '../features/shell/NotFoundScreen.tsx';
import { validateInboxSearch } from '../features/tickets/inboxSearch.ts';
import { RootLayout } from './shell/RootLayout.tsx';
import { ShellLayout } from './shell/ShellLayout.tsx';
import { StartupFailure, ensureAccount } from './accountLoader.ts';
import { ERROR_PATHS, HOME_PATH, PRIVATE_ROUTES, PUBLIC_PATHS } from './routes.ts';
import type { PrivateRoute } from './routes.ts';
import { SCREEN_BY_AREA, SCREEN_BY_ROUTE } from './screens.ts';
import { announceStartupFailure, endSession } from './sessionActions.ts';
import type { AccountSnapshot } from './state/accountAtoms.ts';

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
const recoveryRoute = createRoute({ getParentRoute: () => authLayout, path: PUBLIC_PATHS.recovery, component: RecoveryScreen });
const updateRoute = createRoute({ getParentRoute: () => authLayout, path: PUBLIC_PATHS.update, component: UpdatePasswordScreen });
const expiredRoute = createRoute({ getParentRoute: () => authLayout, path: PUBLIC_PATHS.expired, component: ExpiredScreen });
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
    try {
      return { account: await ensureAccount(credentials, () => void endSession().then(() => router.navigate({ to: '/' }))) };
    } catch (error) {
      if (error instanceof StartupFailure && !error.sessionEnded) announceStartupFailure();
      return signOutToLogin();
    }
  },
  pendingComponent: FullPageLoader,
  component: ShellLayout,
});

/** Routes whose view lives in their URL's search params (tab, filters, pages), by route id. */
const SEARCH_OF_ROUTE: Partial<Record<string, (search: Record<string, unknown>) => object>> = { tickets: validateInboxSearch };

function privateRoute(entry: PrivateRoute): AnyRoute {
  const Screen = SCREEN_BY_ROUTE[entry.id] ?? SCREEN_BY_AREA[entry.area];
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
    component: () => <Screen route={entry} />,
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
  defaultPendingMs: 150,
  defaultPendingMinMs: 0,
  defaultNotFoundComponent: NotFoundScreen,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The route table id of a private route; the back bar and others look the entry up with it. */
    routeId?: string;
  }
}
