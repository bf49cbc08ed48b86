import { describe, expect, it } from 'vitest';
import { createMember, deleteMember, updateMember } from '../../../src/domain/mutations/memberMutations.ts';
import { MutationRefused, type MutationActor } from '../../../src/domain/mutations/types.ts';
import type { ReplicaDoc } from '../../../src/domain/sync/protocol.ts';

const admin: MutationActor = { userId: 'usr-admin', memberId: 'mbr-ada', role: 'ADMIN', name: 'Ada' };
const agent: MutationActor = { ...admin, userId: 'usr-agent', role: 'NORMAL' };
const doc = (fields: { id: string; kind: string } & Record<string, unknown>): ReplicaDoc => ({ rev: 3, deleted: false, workspaceId: 'ws-1', createdAt: 1, updatedAt: 1, ...fields });
const docs = new Map<string, ReplicaDoc>(
  [
    doc({ id: 'usr-admin', kind: 'user', role: 'ADMIN' }),
    doc({ id: 'mbr-sam', kind: 'member', name: 'Sam', email: 'sam@demo.local', slackLink: null, userId: null }),
    doc({ id: 'mbr-nico', kind: 'member', name: 'Nico', email: 'nico@demo.local', slackLink: null, userId: 'usr-agent' }),
    doc({ id: 'tml-1', kind: 'teamMember', teamId: 'team-a', memberId: 'mbr-sam' }),
    doc({ id: 'tml-2', kind: 'teamMember', teamId: 'team-b', memberId: 'mbr-sam' }),
    doc({ id: 'tml-3', kind: 'teamMember', teamId: 'team-a', memberId: 'mbr-nico' }),
  ].map((d) => [d.id, d]),
);
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof MutationRefused) return { code: error.code, message: error.message };
    throw error;
  }
  return null;
};

describe('member mutations, as the replica shows them', () => {
  it('member.create shows the new member in the admin’s workspace, without an account', () => {
    const args = createMember.args.parse({ memberId: 'mbr-new-0001', name: 'Ana', email: 'ana@demo.local', slackLink: 'U0123ABCD' });
    const [write] = createMember.apply(args, docs, admin, 42);
    expect(write!.doc).toMatchObject({ id: 'mbr-new-0001', kind: 'member', workspaceId: 'ws-1', name: 'Ana', email: 'ana@demo.local', slackLink: 'U0123ABCD', userId: null, deleted: false, updatedAt: 42 });
  });

  it('member.update changes name, e-mail and Slack id and keeps the rest', () => {
    const args = updateMember.args.parse({ memberId: 'mbr-sam', name: 'Samuel', email: 'samuel@demo.local', slackLink: '' });
    const [write] = updateMember.apply(args, docs, admin, 42);
    expect(write!.doc).toMatchObject({ id: 'mbr-sam', name: 'Samuel', email: 'samuel@demo.local', slackLink: null, rev: 3, createdAt: 1, updatedAt: 42 });
  });

  it('member.delete tombstones the member and the links the replica shows of it, not another member’s', () => {
    const args = deleteMember.args.parse({ memberId: 'mbr-sam', linkIds: ['tml-1', 'tml-2', 'tml-3', 'tml-unknown'] });
    const writes = deleteMember.apply(args, docs, admin, 42);
    expect(writes.map((w) => [w.doc.id, w.doc.deleted])).toEqual([
      ['mbr-sam', true],
      ['tml-1', true],
      ['tml-2', true],
    ]);
  });

  it('a member linked to a user account is not deleted; a member already gone is nothing to do', () => {
    expect(refusal(() => deleteMember.apply(deleteMember.args.parse({ memberId: 'mbr-nico' }), docs, admin, 42))).toEqual({
      code: 'member-has-user',
      message: 'This member is linked to a user account and cannot be deleted',
    });
    expect(deleteMember.apply(deleteMember.args.parse({ memberId: 'mbr-gone' }), docs, admin, 42)).toEqual([]);
  });

  it.each([
    ['member.create', () => createMember.apply(createMember.args.parse({ memberId: 'mbr-new-0002', name: 'A', email: 'a@b.co' }), docs, agent, 1)],
    ['member.update', () => updateMember.apply(updateMember.args.parse({ memberId: 'mbr-sam', name: 'A', email: 'a@b.co' }), docs, agent, 1)],
    ['member.delete', () => deleteMember.apply(deleteMember.args.parse({ memberId: 'mbr-sam' }), docs, agent, 1)],
  ])('%s by a NORMAL user is refused as forbidden', (_name, run) => {
    expect(refusal(run)).toEqual({ code: 'forbidden', message: 'Only administrators change members' });
  });

  it('an update of an unknown member, or a create over a taken id, is refused', () => {
    expect(refusal(() => updateMember.apply(updateMember.args.parse({ memberId: 'mbr-gone', name: 'A', email: 'a@b.co' }), docs, admin, 1))?.code).toBe('not-found');
    expect(refusal(() => createMember.apply(createMember.args.parse({ memberId: 'tml-1-taken', name: 'A', email: 'a@b.co' }), new Map([['tml-1-taken', docs.get('tml-1')!]]), admin, 1))?.code).toBe('already-exists');
  });
});
