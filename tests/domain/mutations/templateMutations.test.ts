import { describe, expect, it } from 'vitest';
import { createTemplate, updateTemplate } from '../../../src/domain/mutations/templateMutations.ts';
import { MutationRefused, type MutationActor } from '../../../src/domain/mutations/types.ts';
import type { ReplicaDoc } from '../../../src/domain/sync/protocol.ts';
import { TEMPLATE_REFUSALS } from '../../../src/domain/templates/templateRules.ts';

const admin: MutationActor = { userId: 'usr-1', memberId: null, role: 'ADMIN', name: 'Ada' };
const agent: MutationActor = { ...admin, role: 'NORMAL' };
const stamps = { rev: 3, deleted: false, workspaceId: 'ws-1', createdAt: 1, updatedAt: 1 };
const user = (modules: string[]): ReplicaDoc => ({ id: 'usr-1', kind: 'user', ...stamps, name: 'Ada', enabledModules: modules.map((id) => ({ id })), rights: [] });
const caseType: ReplicaDoc = { id: 'ct-1', kind: 'caseType', ...stamps, code: 'CLAIM', description: 'Claim' };
const existing: ReplicaDoc = { id: 'tpl-existing', kind: 'nodeTemplate', ...stamps, caseTypeId: 'ct-1', nodeType: 'human-interface', name: 'Review', description: 'd', config: { pages: [] }, template: '<p>old</p>' };
const docs = (...list: ReplicaDoc[]) => new Map(list.map((d) => [d.id, d]));
const args = { id: 'tpl-new-12345', name: 'Notify', caseTypeId: 'ct-1', nodeType: 'email' as const, description: 'Mails', config: { general: {} }, template: '<p>x</p>' };
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof MutationRefused ? { code: error.code, message: error.message } : error;
  }
  return null;
};

describe('node template mutations on the replica', () => {
  it("template.create writes the template in the user's workspace, 'EMPTY' for a type other than human-interface", () => {
    const [write] = createTemplate.apply(createTemplate.args.parse(args), docs(user([]), caseType), admin, 99);
    expect(write!.doc).toMatchObject({ id: 'tpl-new-12345', kind: 'nodeTemplate', workspaceId: 'ws-1', nodeType: 'email', template: 'EMPTY', config: { general: {} }, createdAt: 99 });
  });

  it('a user with BUILDER may write; one without it is refused in their words; an unknown case type is refused', () => {
    expect(createTemplate.apply(args, docs(user(['BUILDER']), caseType), agent, 1)).toHaveLength(1);
    expect(refusal(() => createTemplate.apply(args, docs(user(['MODELER']), caseType), agent, 1))).toEqual({ code: 'forbidden', message: TEMPLATE_REFUSALS.notAllowed });
    expect(refusal(() => createTemplate.apply({ ...args, caseTypeId: 'ct-x' }, docs(user([]), caseType), admin, 1))).toEqual({ code: 'not-found', message: TEMPLATE_REFUSALS.caseTypeNotFound });
    expect(refusal(() => createTemplate.apply({ ...args, id: 'tpl-existing' }, docs(user([]), caseType, existing), admin, 1))).toMatchObject({ code: 'already-exists' });
  });

  it('template.update keeps a human-interface template when none is sent, and the creation date', () => {
    const update = { ...args, id: 'tpl-existing', nodeType: 'human-interface' as const, template: null };
    const [write] = updateTemplate.apply(update, docs(user([]), caseType, existing), admin, 50);
    expect(write!.doc).toMatchObject({ template: '<p>old</p>', name: 'Notify', createdAt: 1, updatedAt: 50 });
    expect(refusal(() => updateTemplate.apply({ ...update, id: 'tpl-nobody' }, docs(user([]), caseType), admin, 1))).toMatchObject({ code: 'not-found' });
  });
});
