import { describe, expect, it } from 'vitest';
import { createUser, deleteUser, sendRecovery, updateUser } from '../../../src/domain/mutations/accountMutations.ts';
import { MutationRefused, type MutationActor } from '../../../src/domain/mutations/types.ts';
import type { ReplicaDoc } from '../../../src/domain/sync/protocol.ts';

const admin: MutationActor = { userId: 'usr-admin', memberId: 'mbr-ada', role: 'ADMIN', name: 'Ada' };
const agent: MutationActor = { ...admin, userId: 'usr-agent', role: 'NORMAL' };
const doc = (fields: { id: string; kind: string } & Record<string, unknown>): ReplicaDoc => ({ rev: 3, deleted: false, workspaceId: 'ws-1', createdAt: 1, updatedAt: 1, ...fields });
const docs = new Map<string, ReplicaDoc>(
  [
    doc({ id: 'usr-admin', kind: 'user', role: 'ADMIN', name: 'Ada', status: 0 }),
    doc({ id: 'usr-agent', kind: 'user', role: 'NORMAL', name: 'Nico', status: 0, phone: '1' }),
    doc({ id: 'eu-1', kind: 'engineUser', engineId: 'eng-a', userId: 'usr-agent' }),
    doc({ id: 'mbr-sam', kind: 'member', name: 'Sam', email: 'sam@demo.local', slackLink: null, userId: null }),
  ].map((d) => [d.id, d]),
);
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof MutationRefused) return error.code;
    throw error;
  }
  return null;
};
const form = { name: 'Sam', username: 'sam@demo.local', email: 'sam@demo.local', phone: '555', role: 'NORMAL', enabledModules: ['CASES'], language: 'en', systemVisibility: false, status: 0 };

describe('account mutations, as the replica shows them', () => {
  it('user.create shows the user, links the named member and adds the engine links', () => {
    const args = createUser.args.parse({ ...form, userId: 'usr-new-0001', memberId: 'mbr-sam', engines: [{ engineId: 'eng-a', linkId: 'eu-new' }] });
    const writes = createUser.apply(args, docs, admin, 42).map((w) => w.doc);
    expect(writes[0]).toMatchObject({ id: 'usr-new-0001', kind: 'user', workspaceId: 'ws-1', enabledModules: [{ id: 'CASES' }], status: 0 });
    expect(writes[1]).toMatchObject({ id: 'mbr-sam', userId: 'usr-new-0001' });
    expect(writes[2]).toMatchObject({ id: 'eu-new', kind: 'engineUser', engineId: 'eng-a', userId: 'usr-new-0001' });
    expect(JSON.stringify(writes)).not.toMatch(/password/i);
  });

  it('user.update merges what it names and replaces the engines', () => {
    const args = updateUser.args.parse({ userId: 'usr-agent', status: 1, engines: [{ engineId: 'eng-b', linkId: 'eu-2' }], linkIds: ['eu-1'] });
    const writes = updateUser.apply(args, docs, admin, 42).map((w) => w.doc);
    expect(writes[0]).toMatchObject({ id: 'usr-agent', status: 1, name: 'Nico', phone: '1', updatedAt: 42 });
    expect(writes.slice(1)).toEqual([expect.objectContaining({ id: 'eu-1', deleted: true }), expect.objectContaining({ id: 'eu-2', engineId: 'eng-b', deleted: false })]);
  });

  it('user.delete tombstones the user and its links; a user already gone changes nothing', () => {
    const writes = deleteUser.apply(deleteUser.args.parse({ userId: 'usr-agent', linkIds: ['eu-1'] }), docs, admin, 42).map((w) => w.doc);
    expect(writes.map((d) => [d.id, d.deleted])).toEqual([
      ['usr-agent', true],
      ['eu-1', true],
    ]);
    expect(deleteUser.apply(deleteUser.args.parse({ userId: 'usr-gone' }), docs, admin, 42)).toEqual([]);
  });

  it('refusals: not an administrator, one’s own account, an unknown user', () => {
    expect(refusal(() => createUser.apply(createUser.args.parse({ ...form, userId: 'usr-new-0002', memberId: 'mbr-x' }), docs, agent, 1))).toBe('forbidden');
    expect(refusal(() => sendRecovery.apply({ userId: 'usr-agent' }, docs, agent, 1))).toBe('forbidden');
    expect(refusal(() => deleteUser.apply({ userId: 'usr-admin', linkIds: [] }, docs, admin, 1))).toBe('self-change');
    expect(refusal(() => updateUser.apply(updateUser.args.parse({ userId: 'usr-admin', status: 2 }), docs, admin, 1))).toBe('self-change');
    expect(refusal(() => updateUser.apply(updateUser.args.parse({ userId: 'usr-nobody', name: 'X' }), docs, admin, 1))).toBe('not-found');
    expect(sendRecovery.apply({ userId: 'usr-agent' }, docs, admin, 1)).toEqual([]);
  });
});
