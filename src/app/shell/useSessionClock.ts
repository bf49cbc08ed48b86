import { useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { CHECK_INTERVAL_MS, checkSession, recordActivity, startSessionClock } from '../../domain/session/sessionClock.ts';
import type { SessionClock } from '../../domain/session/sessionClock.ts';
import { sessionStateAtom } from '../state/shellAtoms.ts';

const ACTIVITY_EVENTS = ['click', 'keydown', 'scroll', 'mousemove'] as const;

/**
 * Runs the part 1 §4 session clock while the shell is mounted: activity resets it, a 500 ms check advances it,
 * and `onForcedLogout` runs once when the 8 hours after the idle expiry have passed.
 */
export function useSessionClock(onForcedLogout: () => void): void {
  const setState = useSetAtom(sessionStateAtom);
  const clock = useRef<SessionClock>(startSessionClock(Date.now()));
  const logoutRef = useRef(onForcedLogout);
  logoutRef.current = onForcedLogout;

  useEffect(() => {
    let loggedOut = false;
    setState(0);
    const onActivity = () => {
      const wasIdle = clock.current.state !== 0;
      clock.current = recordActivity(Date.now());
      if (wasIdle) setState(0);
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { capture: true, passive: true });
    const timer = window.setInterval(() => {
      const tick = checkSession(clock.current, Date.now());
      if (tick.clock.state !== clock.current.state) setState(tick.clock.state);
      clock.current = tick.clock;
      if (tick.logout && !loggedOut) {
        loggedOut = true;
        logoutRef.current();
      }
    }, CHECK_INTERVAL_MS);
    return () => {
      window.clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, [setState]);
}
