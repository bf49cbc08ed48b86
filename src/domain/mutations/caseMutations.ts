import { z } from 'zod';
import { idRefSchema } from '../validation/ids.ts';
import type { ReplicaDoc } from '../sync/protocol.ts';
import { defineMutation, MutationRefused } from './types.ts';

export const CASE_MESSAGES = {
  caseTypeMissing: 'Case type not found, please refresh',
  notAllowed: 'Creating a case needs the CASES module',
} as const;

export const createCaseArgs = z.object({
  /** Chosen by the client, so a file upload queued right after can name it. */
  caseId: z.string().regex(/^case-[A-Za-z0-9-]{8,64}$/, 'caseId must look like case-<uuid>'),
  caseTypeId: idRefSchema,
  description: z.string().trim().min(1, 'Description is required').max(500, 'Description must be at most 500 characters'),
});
export type CreateCaseArgs = z.infer<typeof createCaseArgs>;

/**
 * A new case of a case type (part 2 §7 createCaseForFiles: description, workspace, starting app). The server
 * also starts the case type's starting app on it when that app is active and has a runnable flow.
 */
export const createCase = defineMutation<CreateCaseArgs>({
  name: 'case.create',
  args: createCaseArgs,
  reads: ({ caseTypeId }, actor) => [
    { collection: 'config', id: actor.userId },
    { collection: 'config', id: caseTypeId },
  ],
  apply({ caseId, caseTypeId, description }, docs, actor, now) {
    const user = docs.get(actor.userId);
    if (!user || typeof user.workspaceId !== 'string') throw new MutationRefused('not-ready', 'Your data is still loading; try again in a moment');
    const caseType = docs.get(caseTypeId);
    if (!caseType || caseType.kind !== 'caseType' || caseType.deleted) throw new MutationRefused('not-found', CASE_MESSAGES.caseTypeMissing);
    const doc: ReplicaDoc = {
      id: caseId,
      kind: 'case',
      rev: 0,
      deleted: false,
      workspaceId: user.workspaceId,
      caseTypeId,
      stateId: null,
      status: 'CREATED',
      customerId: null,
      category: null,
      description,
      data: {},
      batchId: null,
      closing: null,
      createdAt: now,
      updatedAt: now,
    };
    return [{ collection: 'cases', doc }];
  },
});

export const CASE_MUTATIONS = [createCase];
