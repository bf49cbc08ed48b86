import { describe, expect, it } from 'vitest';
import { MAX_GENERATED_INSTANCES } from '../../../src/domain/engine/schemas.ts';
import { startInstances } from '../../../src/domain/mutations/engineMutations.ts';
import { MutationRefused, type MutationActor } from '../../../src/domain/mutations/types.ts';
import type { ReplicaDoc } from '../../../src/domain/sync/protocol.ts';

const actor: MutationActor = { userId: 'usr-1', memberId: null, role: 'ADMIN', name: 'Ada Admin' };
const NOW = Date.UTC(2026, 0, 5, 12, 0, 0);
const stamps = { rev: 7, deleted: false, workspaceId: 'ws-1', createdAt: 1000, updatedAt: 1000 };
const app: ReplicaDoc = {
  id: 'app-1',
  kind: 'app',
  ...stamps,
  engineId: 'eng-1',
  ownerUserId: 'usr-1',
  name: 'Field Inspections',
  description: '',
  isActive: true,
  flowId: 'flow-1',
  calendarId: null,
  statistics: { active: 4, appsInstances: 0, executedPoints: 0 },
};
const docsOf = (...docs: ReplicaDoc[]) => new Map(docs.map((doc) => [doc.id, doc]));
const ids = (n: number) => Array.from({ length: n }, (_, i) => `inst-0000000${i}-aaaa-bbbb`);
const parse = (args: unknown) => startInstances.args.safeParse(args);

describe('instance.start (generate instances)', () => {
  it('shows each new run UNPROCESSED with the given values and counts them on the app card', () => {
    const args = startInstances.args.parse({ appId: 'app-1', ids: ids(3), values: { plate: 'ABC-123', amount: 10 } });
    expect(startInstances.reads(args, actor)).toEqual([{ collection: 'config', id: 'app-1' }]);
    const writes = startInstances.apply(args, docsOf(app), actor, NOW);
    const runs = writes.filter((w) => w.collection === 'runs').map((w) => w.doc);
    expect(runs).toHaveLength(3);
    expect(runs[0]).toMatchObject({
      id: 'inst-00000000-aaaa-bbbb',
      kind: 'instance',
      appId: 'app-1',
      flowId: 'flow-1',
      status: 'UNPROCESSED',
      values: { plate: 'ABC-123', amount: 10 },
      name: 'Field Inspections 00000000',
      startDate: NOW,
      attempt: 0,
    });
    const card = writes.find((w) => w.collection === 'config')?.doc;
    expect(card).toMatchObject({ id: 'app-1', statistics: { active: 4, appsInstances: 3, executedPoints: 0 } });
  });

  it('refuses an inactive app and an unknown one before anything is queued', () => {
    const args = startInstances.args.parse({ appId: 'app-1', ids: ids(1) });
    expect(() => startInstances.apply(args, docsOf({ ...app, isActive: false }), actor, NOW)).toThrow(MutationRefused);
    expect(() => startInstances.apply(args, docsOf(), actor, NOW)).toThrow('App not found');
  });

  it.each([
    ['no instance', { appId: 'app-1', ids: [] }, 'Start at least one instance'],
    ['more than the limit', { appId: 'app-1', ids: ids(MAX_GENERATED_INSTANCES + 1) }, `Start at most ${MAX_GENERATED_INSTANCES} instances at a time`],
    ['a repeated id', { appId: 'app-1', ids: ['inst-aaaaaaaa', 'inst-aaaaaaaa'] }, 'Each instance needs its own id'],
    ['values that are not an object', { appId: 'app-1', ids: ids(1), values: [1, 2] }, ''],
    ['values too large', { appId: 'app-1', ids: ids(1), values: { big: 'x'.repeat(20_001) } }, 'characters at most'],
    ['a blank value name', { appId: 'app-1', ids: ids(1), values: { '': 1 } }, 'A value needs a name'],
  ])('refuses %s with a message', (_label, args, message) => {
    const result = parse(args);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message).join(' ')).toContain(message);
  });

  it('accepts exactly the limit, and no values at all', () => {
    expect(parse({ appId: 'app-1', ids: ids(MAX_GENERATED_INSTANCES) }).data?.values).toEqual({});
  });
});
