import { describe, expect, it } from 'vitest';
import { createEngine, deleteEngine, updateEngine } from '../../../src/domain/mutations/engineAdminMutations.ts';
import { MutationRefused, type MutationActor } from '../../../src/domain/mutations/types.ts';
import type { ReplicaDoc } from '../../../src/domain/sync/protocol.ts';

const admin: MutationActor = { userId: 'usr-admin', memberId: null, role: 'ADMIN', name: 'Ada' };
const agent: MutationActor = { ...admin, role: 'NORMAL' };
const doc = (fields: Record<string, unknown>) => ({ rev: 3, deleted: false, workspaceId: 'ws-demo', createdAt: 1, updatedAt: 1, ...fields }) as unknown as ReplicaDoc;
const docs = new Map<string, ReplicaDoc>([
  ['usr-admin', doc({ id: 'usr-admin', kind: 'user' })],
  ['usr-agent', doc({ id: 'usr-agent', kind: 'user' })],
  ['eng-main', doc({ id: 'eng-main', kind: 'engine', name: 'Main', description: 'Prod', isActive: true })],
  ['eu-main-admin', doc({ id: 'eu-main-admin', kind: 'engineUser', engineId: 'eng-main', userId: 'usr-admin' })],
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

describe('engine mutations, optimistic (part 1 §2 engine form, §6 ADMIN only)', () => {
  it("an admin's new engine and its links show at once in the workspace", () => {
    const args = createEngine.args.parse({ engineId: 'eng-12345678', name: ' Night ', description: 'Batches', addUsers: [{ userId: 'usr-agent', linkId: 'eu-12345678' }] });
    const writes = createEngine.apply(args, docs, admin, 42).map((w) => w.doc);
    expect(writes).toMatchObject([
      { id: 'eng-12345678', kind: 'engine', workspaceId: 'ws-demo', name: 'Night', description: 'Batches', isActive: true, deleted: false },
      { id: 'eu-12345678', kind: 'engineUser', engineId: 'eng-12345678', userId: 'usr-agent', deleted: false },
    ]);
  });

  it('an update changes the fields, tombstones the removed link and adds the new one', () => {
    const args = updateEngine.args.parse({ engineId: 'eng-main', name: 'Main', description: 'Prod', isActive: false, removeLinks: ['eu-main-admin', 'eu-elsewhere'], addUsers: [{ userId: 'usr-agent', linkId: 'eu-87654321' }] });
    expect(updateEngine.apply(args, docs, admin, 42).map((w) => [w.doc.id, w.doc.deleted, w.doc.isActive])).toEqual([
      ['eng-main', false, false],
      ['eu-main-admin', true, undefined],
      ['eu-87654321', false, undefined],
    ]);
  });

  it('a delete tombstones the engine and the links given; an engine already gone is nothing to show', () => {
    const args = deleteEngine.args.parse({ engineId: 'eng-main', linkIds: ['eu-main-admin'] });
    expect(deleteEngine.apply(args, docs, admin, 42).map((w) => [w.doc.id, w.doc.deleted])).toEqual([
      ['eng-main', true],
      ['eu-main-admin', true],
    ]);
    const gone = new Map(docs).set('eng-main', doc({ id: 'eng-main', kind: 'engine', deleted: true }));
    expect(deleteEngine.apply(args, gone, admin, 42)).toEqual([]);
  });

  it.each([
    ['a NORMAL user creating', () => createEngine.apply(createEngine.args.parse({ engineId: 'eng-12345678', name: 'N', description: 'D' }), docs, agent, 1), 'forbidden'],
    ['a NORMAL user deleting', () => deleteEngine.apply(deleteEngine.args.parse({ engineId: 'eng-main' }), docs, agent, 1), 'forbidden'],
    ['an unknown engine', () => updateEngine.apply(updateEngine.args.parse({ engineId: 'eng-none', name: 'N', description: 'D' }), docs, admin, 1), 'not-found'],
    ['an unknown user', () => updateEngine.apply(updateEngine.args.parse({ engineId: 'eng-main', name: 'N', description: 'D', addUsers: [{ userId: 'usr-none', linkId: 'eu-11111111' }] }), docs, admin, 1), 'not-found'],
    ['a taken engine id', () => createEngine.apply(createEngine.args.parse({ engineId: 'eng-main', name: 'N', description: 'D' }), docs, admin, 1), 'already-exists'],
    ['a link id of another pair', () => updateEngine.apply(updateEngine.args.parse({ engineId: 'eng-main', name: 'N', description: 'D', addUsers: [{ userId: 'usr-agent', linkId: 'eu-main-admin' }] }), docs, admin, 1), 'already-exists'],
  ])('%s is refused by the replica (%s)', (_label, run, code) => {
    expect(refusal(run)).toBe(code);
  });

  it('refuses arguments the form would never send', () => {
    expect(createEngine.args.safeParse({ engineId: 'eng-12345678', name: 'N', description: '' }).success).toBe(false);
    expect(createEngine.args.safeParse({ engineId: 'eng-12345678', name: 'N', description: 'D', addUsers: [{ userId: 'u', linkId: 'eu-11111111' }, { userId: 'u', linkId: 'eu-22222222' }] }).success).toBe(false);
  });
});
