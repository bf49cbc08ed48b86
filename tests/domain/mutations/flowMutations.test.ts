import { describe, expect, it } from 'vitest';
import { defaultFlowGraph } from '../../../src/domain/engine/flowGraph.ts';
import { createFlow, FLOW_MESSAGES, hasReadOnlyFlows, updateFlow } from '../../../src/domain/mutations/flowMutations.ts';
import { MutationRefused, type MutationActor } from '../../../src/domain/mutations/types.ts';
import type { ReplicaDoc } from '../../../src/domain/sync/protocol.ts';

const actor: MutationActor = { userId: 'usr-1', memberId: null, role: 'ADMIN', name: 'Ada' };
const stamps = { rev: 3, deleted: false, workspaceId: 'ws-1', createdAt: 1, updatedAt: 1 };
const user = (modules: string[], rights: unknown[] = []): ReplicaDoc => ({ id: 'usr-1', kind: 'user', ...stamps, name: 'Ada', enabledModules: modules.map((id) => ({ id })), rights });
const flow: ReplicaDoc = { id: 'flow-1', kind: 'flow', ...stamps, name: 'F', description: '', creatorUserId: 'usr-1', type: 'app', stages: [] };
const docs = (...list: ReplicaDoc[]) => new Map(list.map((d) => [d.id, d]));
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof MutationRefused ? { code: error.code, message: error.message } : error;
  }
  return null;
};

describe('flow mutations on the replica', () => {
  it('flow.create writes the flow in the user workspace with the given graph', () => {
    const args = createFlow.args.parse({ id: 'flow-new', name: 'Intake', stages: defaultFlowGraph() });
    expect(createFlow.reads(args, actor)).toEqual([{ collection: 'config', id: 'usr-1' }, { collection: 'config', id: 'flow-new' }]);
    const [write] = createFlow.apply(args, docs(user(['MODELER'])), actor, 99);
    expect(write!.doc).toMatchObject({ id: 'flow-new', kind: 'flow', workspaceId: 'ws-1', name: 'Intake', description: '', creatorUserId: 'usr-1', type: 'app', stages: defaultFlowGraph(), createdAt: 99 });
  });

  it('flow.update changes only what is sent', () => {
    const args = updateFlow.args.parse({ id: 'flow-1', stages: defaultFlowGraph() });
    const [write] = updateFlow.apply(args, docs(user(['MODELER']), flow), actor, 50);
    expect(write!.doc).toEqual({ ...flow, stages: defaultFlowGraph(), updatedAt: 50 });
  });

  it.each([
    ['without MODELER', user(['APPS']), { code: 'module-disabled', message: FLOW_MESSAGES.noModeler }],
    ['with WFREADONLY', user(['MODELER'], [{ id: 'WFREADONLY' }]), { code: 'forbidden', message: FLOW_MESSAGES.readOnly }],
    ['with WFREADONLY as a plain string', user(['MODELER'], ['WFREADONLY']), { code: 'forbidden', message: FLOW_MESSAGES.readOnly }],
  ])('a user %s is refused at once, both create and update', (_label, doc, expected) => {
    expect(refusal(() => updateFlow.apply(updateFlow.args.parse({ id: 'flow-1', description: 'x' }), docs(doc, flow), actor, 1))).toEqual(expected);
    expect(refusal(() => createFlow.apply(createFlow.args.parse({ id: 'flow-second', name: 'x' }), docs(doc), actor, 1))).toEqual(expected);
  });

  it('updating a flow the replica does not hold is refused as not found', () => {
    expect(refusal(() => updateFlow.apply(updateFlow.args.parse({ id: 'flow-9', description: 'x' }), docs(user(['MODELER'])), actor, 1))).toEqual({ code: 'not-found', message: FLOW_MESSAGES.notFound });
  });

  it('reads WFREADONLY in both stored shapes', () => {
    expect(hasReadOnlyFlows([{ id: 'WFREADONLY' }])).toBe(true);
    expect(hasReadOnlyFlows(['WFREADONLY'])).toBe(true);
    expect(hasReadOnlyFlows([])).toBe(false);
    expect(hasReadOnlyFlows(null)).toBe(false);
  });
});
