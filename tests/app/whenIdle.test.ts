import { afterEach, describe, expect, it, vi } from 'vitest';
import { importWhenIdle, whenIdle } from '../../src/app/whenIdle.ts';

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

  it('imports each step in an idle moment of its own, in order, then hands over the last module', async () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (task: () => void) => idle.push(task));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const ran: string[] = [];
    const step = (name: string) => () => Promise.resolve(ran.push(name));
    const done = vi.fn();
    importWhenIdle([step('a'), step('b')], () => Promise.resolve({ planner: 'last' }), done, { timeoutMs: 1000, fallbackMs: 0 });
    const runNextIdle = async () => {
      idle.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    expect(ran).toEqual([]);
    await runNextIdle();
    expect(ran).toEqual(['a']);
    expect(idle).toHaveLength(1);
    await runNextIdle();
    expect(ran).toEqual(['a', 'b']);
    expect(done).not.toHaveBeenCalled();
    await runNextIdle();
    expect(done).toHaveBeenCalledWith({ planner: 'last' });
    expect(idle).toHaveLength(0);
  });

  it('stops at a failed step, and after the cancel', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const done = vi.fn();
    const later = vi.fn(() => Promise.resolve());
    importWhenIdle([() => Promise.reject(new Error('offline')), later], () => Promise.resolve(1), done, { timeoutMs: 1000, fallbackMs: 10 });
    await vi.advanceTimersByTimeAsync(100);
    expect(later).not.toHaveBeenCalled();
    const first = vi.fn(() => Promise.resolve());
    const cancel = importWhenIdle([first, later], () => Promise.resolve(1), done, { timeoutMs: 1000, fallbackMs: 10 });
    await vi.advanceTimersByTimeAsync(10);
    expect(first).toHaveBeenCalledOnce();
    cancel();
    await vi.advanceTimersByTimeAsync(100);
    expect(later).not.toHaveBeenCalled();
    expect(done).not.toHaveBeenCalled();
  });
});
