/**
 * The idle-session state machine of part 1 §4 and §9. State 0 is active; once the idle deadline passes the
 * session is idle-expired (1), and 5 s later it is after-expiry (2). Eight hours after the idle expiry the user
 * is signed out. Any user activity (click, key, scroll, mouse move) returns to state 0 with a fresh deadline.
 * Pure: the shell feeds it the clock every CHECK_INTERVAL_MS and acts on what it answers.
 */
export const IDLE_TIMEOUT_MS = 2 * 60 * 1000;
export const CHECK_INTERVAL_MS = 500;
export const AFTER_EXPIRY_DELAY_MS = 5_000;
export const FORCED_LOGOUT_AFTER_EXPIRY_MS = 28_800_000;

export type SessionState = 0 | 1 | 2;

export type SessionClock = {
  state: SessionState;
  /** When the session goes idle unless the user does something first. */
  deadline: number;
  /** When the idle deadline was found passed; null while active. */
  expiredAt: number | null;
};

export type SessionTick = { clock: SessionClock; logout: boolean };

export function startSessionClock(now: number): SessionClock {
  return { state: 0, deadline: now + IDLE_TIMEOUT_MS, expiredAt: null };
}

/** Activity is the same as a fresh start: state 0 and the deadline two minutes ahead. */
export const recordActivity = startSessionClock;

export function checkSession(clock: SessionClock, now: number): SessionTick {
  if (clock.state === 0) {
    if (now < clock.deadline) return { clock, logout: false };
    return { clock: { ...clock, state: 1, expiredAt: now }, logout: false };
  }
  const expiredAt = clock.expiredAt ?? clock.deadline;
  const logout = now >= expiredAt + FORCED_LOGOUT_AFTER_EXPIRY_MS;
  if (clock.state === 1 && now >= expiredAt + AFTER_EXPIRY_DELAY_MS) {
    return { clock: { ...clock, state: 2 }, logout };
  }
  return { clock, logout };
}
