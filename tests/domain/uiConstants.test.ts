import { describe, expect, it } from 'vitest';
import {
  FLOW_AUTOSAVE_MS,
  MOBILE_MAX_WIDTH,
  SEARCH_DEBOUNCE_MS,
  STARTUP_ERROR_DELAY_MS,
  TABLET_MAX_WIDTH,
  TOAST_DURATION_MS,
} from '../../src/domain/ui/uiConstants.ts';

describe('notice timings and breakpoints (part 1 §9)', () => {
  it.each([
    ['success', 4000],
    ['error', 5000],
    ['info', 3000],
    ['warning', 4000],
  ] as const)('a %s notice stays %i ms', (kind, ms) => {
    expect(TOAST_DURATION_MS[kind]).toBe(ms);
  });

  it('debounces searches 700 ms, delays the startup error 2 s, and breaks at 570 and 900 px', () => {
    expect([SEARCH_DEBOUNCE_MS, STARTUP_ERROR_DELAY_MS, MOBILE_MAX_WIDTH, TABLET_MAX_WIDTH]).toEqual([700, 2000, 570, 900]);
  });

  it('autosaves the flow modeler every 30 s', () => {
    expect(FLOW_AUTOSAVE_MS).toBe(30_000);
  });
});
