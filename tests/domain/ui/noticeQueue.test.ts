import { describe, expect, it } from 'vitest';
import { addNotice, MAX_VISIBLE_NOTICES, type Notice, type NoticeInput } from '../../../src/domain/ui/noticeQueue.ts';

function run(inputs: NoticeInput[]): Notice[] {
  let notices: Notice[] = [];
  inputs.forEach((input, index) => {
    notices = addNotice(notices, input, index + 1).notices;
  });
  return notices;
}

describe('notices (part 1 §9 durations, at most three, identical ones merged)', () => {
  it.each([
    ['info', 3000],
    ['success', 4000],
    ['error', 5000],
  ] as const)('a %s notice lasts %i ms unless the screen sets its own', (kind, ms) => {
    expect(addNotice([], { kind, title: 'x' }, 1).shown.durationMs).toBe(ms);
    expect(addNotice([], { kind, title: 'x', durationMs: 2000 }, 1).shown.durationMs).toBe(2000);
  });

  it('merges an identical notice into the one showing and counts it', () => {
    const notices = run([
      { kind: 'info', title: 'Ticket Assigned' },
      { kind: 'info', title: 'Ticket Assigned' },
      { kind: 'info', title: 'Ticket Assigned' },
    ]);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ id: 1, count: 3 });
  });

  it('keeps notices apart when their kind or detail differs', () => {
    const notices = run([
      { kind: 'info', title: 'Saved' },
      { kind: 'error', title: 'Saved' },
      { kind: 'error', title: 'Saved', detail: 'Offline' },
    ]);
    expect(notices.map((n) => n.count)).toEqual([1, 1, 1]);
  });

  it('shows at most three: the oldest leaves, an error only when nothing else can', () => {
    const notices = run([
      { kind: 'error', title: 'e1' },
      { kind: 'info', title: 'i1' },
      { kind: 'success', title: 's1' },
      { kind: 'info', title: 'i2' },
    ]);
    expect(notices.map((n) => n.title)).toEqual(['e1', 's1', 'i2']);
    expect(run([1, 2, 3, 4, 5].map((n) => ({ kind: 'error', title: `e${n}` }))).map((n) => n.title)).toEqual(['e3', 'e4', 'e5']);
    expect(MAX_VISIBLE_NOTICES).toBe(3);
  });
});
