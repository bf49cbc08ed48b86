import { Outlet, useNavigate } from '@tanstack/react-router';
import { useAtom, useAtomValue } from 'jotai';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { readCredentials } from '../../data/auth.ts';
import { startReplica, useSyncStatus } from '../../data/replica.ts';
import { MOBILE_MAX_WIDTH } from '../../domain/ui/uiConstants.ts';
import { PUBLIC_PATHS } from '../routes.ts';
import { prefetchScreensWhenIdle } from '../pwa/prefetchScreens.ts';
import { endSession } from '../sessionActions.ts';
import { menuCollapsedAtom, sessionStateAtom } from '../state/shellAtoms.ts';
import { BackBar } from './BackBar.tsx';
import { Header } from './Header.tsx';
import { IdleBanner } from './IdleBanner.tsx';
import { Sidebar } from './Sidebar.tsx';
import { useAccountLanguage } from './useAccountLanguage.ts';
import { useMediaQuery } from './useMediaQuery.ts';
import { useSessionClock } from './useSessionClock.ts';
import { useSignedOutElsewhere } from './useSignedOutElsewhere.ts';

/** The signed-in frame: sidebar, header, back bar and the routed screen, plus the session clock. */
export function ShellLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [collapsed, setCollapsed] = useAtom(menuCollapsedAtom);
  const sessionState = useAtomValue(sessionStateAtom);
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`);
  const sync = useSyncStatus();

  useEffect(() => {
    const credentials = readCredentials();
    if (credentials !== null) void startReplica({ userId: credentials.userId });
    prefetchScreensWhenIdle();
  }, []);

  // Part 1 §2: below 570 px the menu collapses.
  useEffect(() => {
    if (isMobile) setCollapsed(true);
  }, [isMobile, setCollapsed]);

  const signOutTo = useCallback(
    async (path: string) => {
      await endSession();
      await navigate({ to: path });
    },
    [navigate],
  );

  useSessionClock(() => void signOutTo(PUBLIC_PATHS.expired));
  useSignedOutElsewhere(useCallback(() => void signOutTo(PUBLIC_PATHS.login), [signOutTo]));

  useEffect(() => {
    if (sync.sessionEnded) void signOutTo(PUBLIC_PATHS.login);
  }, [sync.sessionEnded, signOutTo]);

  useAccountLanguage();

  return (
    <div className="flex h-screen bg-canvas" data-session-state={sessionState}>
      <a href="#main-content" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-white focus:p-2">
        {t('app.name')}
      </a>
      <Sidebar collapsed={collapsed} />
      <div className="flex min-w-0 flex-1 flex-col">
        <Header collapsed={collapsed} onToggleMenu={() => setCollapsed((value) => !value)} onSignOut={() => signOutTo(PUBLIC_PATHS.login)} />
        <IdleBanner state={sessionState} />
        <BackBar onBack={() => setCollapsed(true)} />
        <main id="main-content" className="min-h-0 flex-1 overflow-y-auto p-4 sm:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
