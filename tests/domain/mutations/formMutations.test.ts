import { describe, expect, it } from 'vitest';
import { FORM_REFUSALS } from '../../../src/domain/forms/formRules.ts';
import { createForm, updateForm } from '../../../src/domain/mutations/formMutations.ts';
import { updateWorkspace } from '../../../src/domain/mutations/workspaceMutations.ts';
import { MutationRefused, type MutationActor } from '../../../src/domain/mutations/types.ts';
import type { ReplicaDoc } from '../../../src/domain/sync/protocol.ts';

const admin: MutationActor = { userId: 'usr-admin', memberId: null, role: 'ADMIN', name: 'Ada' };
const agent: MutationActor = { ...admin, role: 'NORMAL' };
const doc = (id: string, kind: string, fields: Record<string, unknown> = {}) => ({ id, kind, rev: 2, deleted: false, workspaceId: 'ws-demo', ...fields }) as ReplicaDoc;
const form = doc('fdf-desk', 'frontdeskForm', {
  formId: 'desk-one',
  name: 'Desk',
  caseTypeId: 'ct-claims',
  description: 'At the desk',
  template: '<input name="a">',
  link: '/forms/desk-one',
  webhook: null,
  isActive: true,
  version: 3,
  createdAt: 1,
  updatedAt: 1,
});
const docs = new Map<string, ReplicaDoc>([
  ['usr-admin', doc('usr-admin', 'user')],
  ['ws-demo', doc('ws-demo', 'workspace', { name: 'Demo', externalDashboardUrl: null, chatLink: null, designerUrl: null })],
  ['ct-claims', doc('ct-claims', 'caseType')],
  ['ct-gone', { ...doc('ct-gone', 'caseType'), deleted: true }],
  ['fdf-desk', form],
]);
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof MutationRefused) return `${error.code}: ${error.message}`;
    throw error;
  }
  return null;
};
const created = { id: 'form-0d6c5e3a-1111-4222-8333-944455556666', formId: 'desk-two', name: 'Second desk', caseTypeId: 'ct-claims', description: 'Walk-ins', template: '<input name="b">', link: null };
const update = { id: 'fdf-desk', name: 'Desk', caseTypeId: 'ct-claims', description: 'At the desk', template: '<input name="a">', link: '/forms/desk-one', webhook: 'https://hooks.example/in' };

describe('form mutations (part 2 §2 Form editor, §7)', () => {
  it('a new form shows at once as version 1, active, without a webhook, in the current workspace', () => {
    const [write] = createForm.apply(createForm.args.parse(created), docs, admin, 42);
    expect(write?.doc).toEqual({ ...created, kind: 'frontdeskForm', rev: 0, deleted: false, workspaceId: 'ws-demo', webhook: null, isActive: true, version: 1, createdAt: 42, updatedAt: 42 });
  });

  it.each([
    ['an agent', agent, created, `forbidden: ${FORM_REFUSALS.notAdmin}`],
    ['a deleted case type', admin, { ...created, caseTypeId: 'ct-gone' }, `not-found: ${FORM_REFUSALS.caseTypeNotFound}`],
    ['an id already in the replica', admin, { ...created, id: 'fdf-desk' }, `already-exists: ${FORM_REFUSALS.formIdTaken}`],
  ])('create by %s is refused', (_label, actor, args, expected) => {
    expect(refusal(() => createForm.apply(createForm.args.parse(args), docs, actor, 42))).toBe(expected);
  });

  it('an edit keeps the version when the template is the same, and adds one when it changes', () => {
    const same = updateForm.apply(updateForm.args.parse(update), docs, admin, 50)[0]!.doc;
    expect(same).toMatchObject({ version: 3, webhook: 'https://hooks.example/in', formId: 'desk-one', updatedAt: 50 });
    const changed = updateForm.apply(updateForm.args.parse({ ...update, template: '<input name="a" required>' }), docs, admin, 51)[0]!.doc;
    expect(changed).toMatchObject({ version: 4, template: '<input name="a" required>' });
  });

  it('an edit by an agent or of an unknown form is refused', () => {
    expect(refusal(() => updateForm.apply(updateForm.args.parse(update), docs, agent, 50))).toBe(`forbidden: ${FORM_REFUSALS.notAdmin}`);
    expect(refusal(() => updateForm.apply(updateForm.args.parse({ ...update, id: 'fdf-none' }), docs, admin, 50))).toBe(`not-found: ${FORM_REFUSALS.notFound}`);
  });

  it('workspace.update sets and clears the designer address; an http address on a real host is refused', () => {
    const set = updateWorkspace.apply(updateWorkspace.args.parse({ id: 'ws-demo', designerUrl: 'https://designer.example/app' }), docs, admin, 60)[0]!.doc;
    expect(set).toMatchObject({ designerUrl: 'https://designer.example/app', externalDashboardUrl: null });
    expect(updateWorkspace.args.parse({ id: 'ws-demo', designerUrl: '' }).designerUrl).toBeNull();
    expect(updateWorkspace.args.parse({ id: 'ws-demo', designerUrl: 'http://127.0.0.1:5000' }).designerUrl).toBe('http://127.0.0.1:5000');
    expect(updateWorkspace.args.safeParse({ id: 'ws-demo', designerUrl: 'http://designer.example' }).success).toBe(false);
  });
});
