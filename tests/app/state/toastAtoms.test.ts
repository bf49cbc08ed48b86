import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, showToast, toastsAtom } from '../../../src/app/state/toastAtoms.ts';
import { appStore } from '../../../src/app/state/store.ts';

const shown = () => appStore.get(toastsAtom).map((toast) => `${toast.title}×${toast.count}`);

describe('the notices on screen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const toast of appStore.get(toastsAtom)) dismissToast(toast.id);
    vi.useRealTimers();
  });

  it('an info notice leaves after 3 s, a success after 4 s, an error after 5 s', () => {
    showToast('info', 'info');
    showToast('success', 'success');
    showToast('error', 'error');
    vi.advanceTimersByTime(2999);
    expect(shown()).toEqual(['info×1', 'success×1', 'error×1']);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual(['success×1', 'error×1']);
    vi.advanceTimersByTime(1000);
    expect(shown()).toEqual(['error×1']);
    vi.advanceTimersByTime(1000);
    expect(shown()).toEqual([]);
  });

  it('a repeated notice is counted once on screen and stays its full time from the repeat', () => {
    showToast('info', 'Ticket Assigned');
    vi.advanceTimersByTime(2000);
    showToast('info', 'Ticket Assigned');
    expect(shown()).toEqual(['Ticket Assigned×2']);
    vi.advanceTimersByTime(2999);
    expect(shown()).toEqual(['Ticket Assigned×2']);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([]);
  });

  it('never shows more than three, and a dismissed one leaves at once', () => {
    for (const title of ['a', 'b', 'c', 'd']) showToast('success', title);
    expect(shown()).toEqual(['b×1', 'c×1', 'd×1']);
    dismissToast(appStore.get(toastsAtom)[0]!.id);
    expect(shown()).toEqual(['c×1', 'd×1']);
  });
});
