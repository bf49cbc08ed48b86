import { describe, expect, it } from 'vitest';
import {
  AFTER_EXPIRY_DELAY_MS,
  FORCED_LOGOUT_AFTER_EXPIRY_MS,
  IDLE_TIMEOUT_MS,
  checkSession,
  recordActivity,
  startSessionClock,
} from '../../src/domain/session/sessionClock.ts';
import type { SessionClock } from '../../src/domain/session/sessionClock.ts';

/** Runs the 500 ms check from `from` to `to` and returns the last answer. */
function runChecks(clock: SessionClock, from: number, to: number) {
  let tick = { clock, logout: false };
  for (let now = from; now <= to; now += 500) tick = checkSession(tick.clock, now);
  return tick;
}

describe('session clock (part 1 §4)', () => {
  it('has the spec constants', () => {
    expect([IDLE_TIMEOUT_MS, AFTER_EXPIRY_DELAY_MS, FORCED_LOGOUT_AFTER_EXPIRY_MS]).toEqual([120_000, 5_000, 28_800_000]);
  });

  it.each([
    [0, 0],
    [119_500, 0],
    [120_000, 1],
    [124_500, 1],
    [125_000, 2],
    [3_600_000, 2],
  ])('at %i ms of idleness the state is %i', (elapsed, expected) => {
    expect(runChecks(startSessionClock(0), 0, elapsed).clock.state).toBe(expected);
  });

  it('activity returns to state 0 with the deadline two minutes ahead', () => {
    const idle = runChecks(startSessionClock(0), 0, 130_000).clock;
    expect(idle.state).toBe(2);
    const active = recordActivity(130_000);
    expect(active).toEqual({ state: 0, deadline: 250_000, expiredAt: null });
    expect(runChecks(active, 130_000, 249_500).clock.state).toBe(0);
  });

  it.each([
    [120_000 + FORCED_LOGOUT_AFTER_EXPIRY_MS - 500, false],
    [120_000 + FORCED_LOGOUT_AFTER_EXPIRY_MS, true],
  ])('signs out only 8 hours after the idle expiry (at %i ms: %s)', (now, logout) => {
    const expired = runChecks(startSessionClock(0), 0, 130_000).clock;
    expect(checkSession(expired, now).logout).toBe(logout);
  });

  it('an active session never asks for logout', () => {
    expect(checkSession(startSessionClock(0), 60_000)).toEqual({ clock: startSessionClock(0), logout: false });
  });
});
