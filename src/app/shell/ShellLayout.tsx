import { Outlet, useNavigate, useRouter } from '@tanstack/react-router';
import { useAtom, useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readCredentials } from '../../data/auth.ts';
import { startReplica, useSyncStatusOf } from '../../data/replica.ts';
import { MOBILE_MAX_WIDTH } from '../../domain/ui/uiConstants.ts';
import { ChangeNotices } from '../../features/tickets/ChangeNotices.tsx';
import { RenderSoon } from '../../ui/RenderSoon.tsx';
import { PUBLIC_PATHS } from '../routes.ts';
import { prefetchScreensWhenIdle } from '../pwa/prefetchScreens.ts';
import { endSession } from '../sessionActions.ts';
import { menuCollapsedAtom, sessionStateAtom } from '../state/shellAtoms.ts';
import { showToast } from '../state/toastAtoms.ts';
import { BackBar } from './BackBar.tsx';
import { BackgroundLoadNote } from './BackgroundLoadNote.tsx';
import { FullPageLoader } from './FullPageLoader.tsx';
import { Header } from './Header.tsx';
import { IdleBanner } from './IdleBanner.tsx';
import { MenuDrawer } from './MenuDrawer.tsx';
import { preloadInboxWhenIdle } from './preloadInbox.ts';
import { rememberNavigations } from './returnTo.ts';
import { Sidebar } from './Sidebar.tsx';
import { SkipLink } from './SkipLink.tsx';
import { useAccountLanguage } from './useAccountLanguage.ts';
import { useMediaQuery } from './useMediaQuery.ts';
import { useSessionClock } from './useSessionClock.ts';
import { useSignedOutElsewhere } from './useSignedOutElsewhere.ts';

const MAIN_ID = 'main-content';
/** Why the server ended the session, in the catalogue's words (server/auth/guard.ts ACCOUNT_STATUS_REFUSALS). */
const ACCOUNT_REASONS: Record<string, string> = { 'user-inactive': 'errors.userInactive', 'user-expired': 'errors.userExpired' };

/**
 * The signed-in frame: skip link, menu, header, back bar and the routed screen, plus the session clock. Part 1 §2:
 * below 570 px the menu collapses — there it is a drawer over the page, closed until asked for; above, a rail the
 * user folds or unfolds and that stays as they left it.
 */
export function ShellLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const router = useRouter();
  const [collapsed, setCollapsed] = useAtom(menuCollapsedAtom);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const sessionState = useAtomValue(sessionStateAtom);
  const isPhone = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`);
  const sessionEnded = useSyncStatusOf('sessionEnded');
  const sessionEndReason = useSyncStatusOf('sessionEndReason');
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  useEffect(() => {
    const credentials = readCredentials();
    if (credentials !== null) void startReplica({ userId: credentials.userId });
    prefetchScreensWhenIdle();
    return preloadInboxWhenIdle();
  }, []);

  useEffect(() => rememberNavigations(router), [router]);

  useEffect(() => {
    if (!isPhone) setDrawerOpen(false);
  }, [isPhone]);

  const signOutTo = useCallback(
    async (path: string) => {
      await endSession();
      await navigate({ to: path });
    },
    [navigate],
  );

  useSessionClock(() => void signOutTo(PUBLIC_PATHS.expired));
  useSignedOutElsewhere(useCallback(() => void signOutTo(PUBLIC_PATHS.login), [signOutTo]));

  // An account switched off while signed in: the sign-in page then says why (the same words a new sign-in gets).
  useEffect(() => {
    if (!sessionEnded) return;
    const reason = sessionEndReason === null ? undefined : ACCOUNT_REASONS[sessionEndReason];
    void signOutTo(PUBLIC_PATHS.login).then(() => reason && showToast('error', t(reason)));
  }, [sessionEnded, sessionEndReason, signOutTo, t]);

  useAccountLanguage();

  const menuExpanded = isPhone ? drawerOpen : !collapsed;
  const toggleLabel = isPhone
    ? t(drawerOpen ? 'shell.closeMenu' : 'shell.openMenu')
    : t(collapsed ? 'shell.expandMenu' : 'shell.collapseMenu');

  // The shell's first render is the loader the route showed while the account loaded; the shell itself then renders
  // in the background (RenderSoon): at once it held the page 50-60 ms after sign-in on a cold device.
  return (
    <RenderSoon fallback={<FullPageLoader />}>
      <div className="flex h-dvh bg-canvas" data-session-state={sessionState}>
        <SkipLink targetId={MAIN_ID} />
        {isPhone ? <MenuDrawer open={drawerOpen} onClose={closeDrawer} /> : <Sidebar collapsed={collapsed} />}
        <div className="flex min-w-0 flex-1 flex-col">
          <Header
            menuExpanded={menuExpanded}
            toggleLabel={toggleLabel}
            onToggleMenu={() => (isPhone ? setDrawerOpen((open) => !open) : setCollapsed((value) => !value))}
            onSignOut={() => signOutTo(PUBLIC_PATHS.login)}
          />
          <IdleBanner state={sessionState} />
          <BackgroundLoadNote />
          <BackBar />
          <main id={MAIN_ID} tabIndex={-1} className="min-h-0 flex-1 overflow-y-auto p-3 sm:p-6">
            <Outlet />
          </main>
        </div>
        <ChangeNotices />
      </div>
    </RenderSoon>
  );
}
