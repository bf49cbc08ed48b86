import { describe, expect, it } from 'vitest';
import { createCorsOrigin, deleteCorsOrigin, updateCorsOrigin } from '../../../src/domain/mutations/corsMutations.ts';
import { MutationRefused, type MutationActor } from '../../../src/domain/mutations/types.ts';
import type { CorsOriginDoc } from '../../../src/domain/sync/documents.gen.ts';
import type { ReplicaDoc } from '../../../src/domain/sync/protocol.ts';

const admin: MutationActor = { userId: 'usr-admin', memberId: null, role: 'ADMIN', name: 'Ada' };
const agent: MutationActor = { ...admin, role: 'NORMAL' };
const origin = (id: string, workspaceId: string | null): CorsOriginDoc => ({
  id,
  kind: 'corsOrigin',
  rev: 3,
  deleted: false,
  workspaceId,
  origin: `https://${id}.example`,
  description: null,
  active: true,
  createdAt: 1,
  updatedAt: 1,
});
const docs = new Map<string, ReplicaDoc>([
  ['usr-admin', { id: 'usr-admin', kind: 'user', rev: 1, deleted: false, workspaceId: 'ws-demo' } as unknown as ReplicaDoc],
  ['own', origin('own', 'ws-demo')],
  ['global', origin('global', null)],
]);
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof MutationRefused) return { code: error.code, message: error.message };
    throw error;
  }
  return null;
};

describe('CORS origin mutations (part 1 §5)', () => {
  it("an admin's new origin shows at once in the current workspace, active, normalised", () => {
    const args = createCorsOrigin.args.parse({ id: 'cors-12345678', origin: 'HTTPS://New.example/path', description: 'Partner' });
    const [written] = createCorsOrigin.apply(args, docs, admin, 42);
    expect(written?.doc).toMatchObject({ id: 'cors-12345678', kind: 'corsOrigin', workspaceId: 'ws-demo', origin: 'https://new.example', description: 'Partner', active: true, deleted: false });
  });

  it('an edit keeps active unless given; a delete tombstones', () => {
    const [edited] = updateCorsOrigin.apply(updateCorsOrigin.args.parse({ id: 'own', origin: 'https://own2.example', description: '' }), docs, admin, 42);
    expect(edited?.doc).toMatchObject({ origin: 'https://own2.example', description: null, active: true, rev: 3 });
    const [paused] = updateCorsOrigin.apply(updateCorsOrigin.args.parse({ id: 'own', origin: 'https://own.example', active: false }), docs, admin, 42);
    expect(paused?.doc).toMatchObject({ active: false });
    expect(deleteCorsOrigin.apply({ id: 'own' }, docs, admin, 42)[0]?.doc).toMatchObject({ id: 'own', deleted: true });
    expect(deleteCorsOrigin.apply({ id: 'gone' }, docs, admin, 42)).toEqual([]);
  });

  it('global origins are refused with the spec words: read-only, cannot be deleted', () => {
    expect(refusal(() => updateCorsOrigin.apply({ id: 'global', origin: 'https://x.example', description: null }, docs, admin, 42))).toEqual({
      code: 'global-origin',
      message: 'Global origins are read-only',
    });
    expect(refusal(() => deleteCorsOrigin.apply({ id: 'global' }, docs, admin, 42))).toEqual({ code: 'global-origin', message: 'Global origins cannot be deleted' });
  });

  it('only administrators change origins', () => {
    const forbidden = { code: 'forbidden', message: 'You do not have permission to perform this action' };
    expect(refusal(() => createCorsOrigin.apply({ id: 'cors-12345678', origin: 'https://a.example', description: null }, docs, agent, 42))).toEqual(forbidden);
    expect(refusal(() => updateCorsOrigin.apply({ id: 'own', origin: 'https://a.example', description: null }, docs, agent, 42))).toEqual(forbidden);
    expect(refusal(() => deleteCorsOrigin.apply({ id: 'own' }, docs, agent, 42))).toEqual(forbidden);
    expect(refusal(() => createCorsOrigin.apply({ id: 'cors-12345678', origin: 'https://a.example', description: null }, docs, { ...admin, role: 'OPS-ADMIN' }, 42))).toBeNull();
  });
});
