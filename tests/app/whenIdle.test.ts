import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from '../../src/app/whenIdle.ts';

describe('whenIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('asks for an idle callback with the longest wait, and cancels it', () => {
    const requested: Array<{ task: () => void; timeout: number | undefined }> = [];
    const cancelled: number[] = [];
    vi.stubGlobal('requestIdleCallback', (task: () => void, options?: { timeout?: number }) => requested.push({ task, timeout: options?.timeout }));
    vi.stubGlobal('cancelIdleCallback', (handle: number) => cancelled.push(handle));
    const task = vi.fn();
    const cancel = whenIdle(task, { timeoutMs: 3000, fallbackMs: 500 });
    expect(requested).toHaveLength(1);
    expect(requested[0]?.timeout).toBe(3000);
    requested[0]?.task();
    expect(task).toHaveBeenCalledOnce();
    cancel();
    expect(cancelled).toEqual([1]);
  });

  it('without idle callbacks runs the task after the fallback delay, unless cancelled', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const task = vi.fn();
    whenIdle(task, { timeoutMs: 3000, fallbackMs: 500 });
    vi.advanceTimersByTime(499);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledOnce();
    const cancelledTask = vi.fn();
    whenIdle(cancelledTask, { timeoutMs: 3000, fallbackMs: 500 })();
    vi.advanceTimersByTime(1000);
    expect(cancelledTask).not.toHaveBeenCalled();
  });
});
