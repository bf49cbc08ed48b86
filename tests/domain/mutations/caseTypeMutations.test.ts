import { describe, expect, it } from 'vitest';
import { createCaseState, createCaseType, updateCaseState, updateCaseType } from '../../../src/domain/mutations/caseTypeMutations.ts';
import { MutationRefused, type MutationActor } from '../../../src/domain/mutations/types.ts';
import type { ReplicaDoc } from '../../../src/domain/sync/protocol.ts';

const admin: MutationActor = { userId: 'usr-admin', memberId: null, role: 'ADMIN', name: 'Ada' };
const agent: MutationActor = { ...admin, role: 'NORMAL' };
const doc = (id: string, kind: string, fields: Record<string, unknown> = {}) => ({ id, kind, rev: 2, deleted: false, workspaceId: 'ws-demo', ...fields }) as ReplicaDoc;
const docs = new Map<string, ReplicaDoc>([
  ['usr-admin', doc('usr-admin', 'user')],
  ['app-claims', doc('app-claims', 'app')],
  ['app-gone', { ...doc('app-gone', 'app'), deleted: true }],
  ['ct-claims', doc('ct-claims', 'caseType', { code: 'Claims', description: 'Claims', startingAppId: 'app-claims', paramsExpected: '', resultsExpected: '' })],
  ['cst-received', doc('cst-received', 'caseState', { caseTypeId: 'ct-claims', stateKey: 'Received', description: 'Received', order: 1, hide: false })],
  ['cst-other', doc('cst-other', 'caseState', { caseTypeId: 'ct-other', stateKey: 'X', description: 'X', order: 1, hide: false })],
]);
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof MutationRefused) return error.code;
    throw error;
  }
  return null;
};

describe('case type and state mutations (part 2 §2, §7)', () => {
  it('a new type shows at once with its first states, in the current workspace', () => {
    const args = createCaseType.args.parse({
      caseTypeId: 'ct-12345678',
      code: 'Claims2',
      description: 'Claims',
      startingAppId: 'app-claims',
      paramsExpected: 'policy/amount',
      states: [{ stateId: 'cst-12345678', key: 'Received', description: 'Received', order: 1 }],
    });
    const writes = createCaseType.apply(args, docs, admin, 42);
    expect(writes.map((w) => w.doc)).toEqual([
      expect.objectContaining({ id: 'ct-12345678', kind: 'caseType', code: 'Claims2', workspaceId: 'ws-demo', startingAppId: 'app-claims', paramsExpected: 'policy/amount', resultsExpected: '' }),
      expect.objectContaining({ id: 'cst-12345678', kind: 'caseState', caseTypeId: 'ct-12345678', stateKey: 'Received', order: 1, hide: false }),
    ]);
  });

  it("an edit of a state's hide flag and order keeps its ID and type", () => {
    const [written] = updateCaseState.apply(updateCaseState.args.parse({ caseTypeId: 'ct-claims', stateId: 'cst-received', description: 'Received', order: 2, hide: true }), docs, admin, 42);
    expect(written?.doc).toMatchObject({ id: 'cst-received', stateKey: 'Received', caseTypeId: 'ct-claims', order: 2, hide: true, rev: 2, updatedAt: 42 });
    const [type] = updateCaseType.apply(updateCaseType.args.parse({ caseTypeId: 'ct-claims', description: 'Web claims', startingAppId: 'app-claims' }), docs, admin, 42);
    expect(type?.doc).toMatchObject({ code: 'Claims', description: 'Web claims' });
  });

  it.each([
    ['a NORMAL user', agent, () => createCaseState.apply({ caseTypeId: 'ct-claims', stateId: 'cst-abcdefgh', key: 'A', description: 'A', order: 1, hide: false }, docs, agent, 1), 'forbidden'],
    ['a deleted starting app', admin, () => updateCaseType.apply({ caseTypeId: 'ct-claims', description: 'x', startingAppId: 'app-gone', paramsExpected: '', resultsExpected: '' }, docs, admin, 1), 'not-found'],
    ['an unknown type', admin, () => createCaseState.apply({ caseTypeId: 'ct-nope', stateId: 'cst-abcdefgh', key: 'A', description: 'A', order: 1, hide: false }, docs, admin, 1), 'not-found'],
    ['a state of another type', admin, () => updateCaseState.apply({ caseTypeId: 'ct-claims', stateId: 'cst-other', description: 'x', order: 1, hide: false }, docs, admin, 1), 'not-found'],
  ])('%s is refused on the device', (_label, _actor, run, code) => {
    expect(refusal(run)).toBe(code);
  });
});
