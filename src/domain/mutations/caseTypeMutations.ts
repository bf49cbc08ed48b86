import {
  createCaseStateArgs,
  createCaseTypeArgs,
  updateCaseStateArgs,
  updateCaseTypeArgs,
  type CreateCaseStateArgs,
  type CreateCaseTypeArgs,
  type UpdateCaseStateArgs,
  type UpdateCaseTypeArgs,
} from '../cases/caseTypeRules.ts';
import type { CaseStateDoc, CaseTypeDoc } from '../sync/documents.gen.ts';
import type { ReplicaDoc } from '../sync/protocol.ts';
import { isAdminRole } from '../tickets/inboxRules.ts';
import { defineMutation, MutationRefused, type DocRef, type DocWrite, type MutationActor } from './types.ts';

/**
 * Case types and their states (part 2 §2 case type screen, §7 /cases-types and /cases-states), so the screen
 * works offline too. Only administrators change them (the Settings → Cases tab is theirs). The replica refuses
 * what its documents show (an unknown type, state or app); a repeated ID is the server's to refuse, as only it
 * sees every type.
 */
type Docs = ReadonlyMap<string, ReplicaDoc>;
const config = (id: string): DocRef => ({ collection: 'config', id });
const write = (doc: ReplicaDoc): DocWrite => ({ collection: 'config', doc });

export const CASE_TYPE_REFUSALS = {
  notAdmin: 'Only administrators change case types',
  notFound: (what: string) => `${what} not found`,
  notReady: 'Your data is still loading; try again in a moment',
} as const;

function requireAdmin(actor: MutationActor): void {
  if (!isAdminRole(actor.role)) throw new MutationRefused('forbidden', CASE_TYPE_REFUSALS.notAdmin);
}

function live(docs: Docs, id: string, kind: string, what: string): ReplicaDoc {
  const doc = docs.get(id);
  if (!doc || doc.deleted || doc.kind !== kind) throw new MutationRefused('not-found', CASE_TYPE_REFUSALS.notFound(what));
  return doc;
}

const stateDoc = (workspaceId: string, caseTypeId: string, now: number, s: { stateId: string; key: string; description: string; order: number; hide: boolean }): CaseStateDoc => ({
  id: s.stateId,
  kind: 'caseState',
  rev: 0,
  deleted: false,
  workspaceId,
  caseTypeId,
  stateKey: s.key,
  description: s.description,
  order: s.order,
  hide: s.hide,
  createdAt: now,
  updatedAt: now,
});

export const createCaseType = defineMutation<CreateCaseTypeArgs>({
  name: 'caseType.create',
  args: createCaseTypeArgs,
  reads: (args, actor) => [config(actor.userId), config(args.startingAppId), config(args.caseTypeId)],
  apply(args, docs, actor, now) {
    requireAdmin(actor);
    const user = docs.get(actor.userId);
    if (!user || typeof user.workspaceId !== 'string') throw new MutationRefused('not-ready', CASE_TYPE_REFUSALS.notReady);
    live(docs, args.startingAppId, 'app', 'Starting app');
    if (docs.get(args.caseTypeId)) throw new MutationRefused('already-exists', 'This case type id is already used');
    const workspaceId = user.workspaceId;
    const type: CaseTypeDoc = {
      id: args.caseTypeId,
      kind: 'caseType',
      rev: 0,
      deleted: false,
      workspaceId,
      code: args.code,
      description: args.description,
      startingAppId: args.startingAppId,
      paramsExpected: args.paramsExpected,
      resultsExpected: args.resultsExpected,
      createdAt: now,
      updatedAt: now,
    };
    return [write(type), ...args.states.map((s) => write(stateDoc(workspaceId, args.caseTypeId, now, s)))];
  },
});

export const updateCaseType = defineMutation<UpdateCaseTypeArgs>({
  name: 'caseType.update',
  args: updateCaseTypeArgs,
  reads: (args) => [config(args.caseTypeId), config(args.startingAppId)],
  apply(args, docs, actor, now) {
    requireAdmin(actor);
    const type = live(docs, args.caseTypeId, 'caseType', 'Case type');
    live(docs, args.startingAppId, 'app', 'Starting app');
    return [
      write({
        ...type,
        description: args.description,
        startingAppId: args.startingAppId,
        paramsExpected: args.paramsExpected,
        resultsExpected: args.resultsExpected,
        updatedAt: now,
      }),
    ];
  },
});

export const createCaseState = defineMutation<CreateCaseStateArgs>({
  name: 'caseState.create',
  args: createCaseStateArgs,
  reads: (args) => [config(args.caseTypeId), config(args.stateId)],
  apply(args, docs, actor, now) {
    requireAdmin(actor);
    const type = live(docs, args.caseTypeId, 'caseType', 'Case type');
    if (docs.get(args.stateId)) throw new MutationRefused('already-exists', 'This state id is already used');
    return [write(stateDoc(String(type.workspaceId), args.caseTypeId, now, args))];
  },
});

export const updateCaseState = defineMutation<UpdateCaseStateArgs>({
  name: 'caseState.update',
  args: updateCaseStateArgs,
  reads: (args) => [config(args.caseTypeId), config(args.stateId)],
  apply(args, docs, actor, now) {
    requireAdmin(actor);
    live(docs, args.caseTypeId, 'caseType', 'Case type');
    const state = live(docs, args.stateId, 'caseState', 'State');
    if (state.caseTypeId !== args.caseTypeId) throw new MutationRefused('not-found', CASE_TYPE_REFUSALS.notFound('State'));
    return [write({ ...state, description: args.description, order: args.order, hide: args.hide, updatedAt: now })];
  },
});

export const CASE_TYPE_MUTATIONS = [createCaseType, updateCaseType, createCaseState, updateCaseState];
