import { z } from 'zod';
import { fileIdSchema } from '../files/fileRules.ts';
import { idRefSchema } from '../validation/ids.ts';
import type { ReplicaDoc } from '../sync/protocol.ts';
import { defineMutation, MutationRefused } from './types.ts';

export const uploadFileArgs = z.object({
  caseId: idRefSchema,
  fileId: fileIdSchema,
  name: z.string().trim().min(1).max(255),
  type: z.string().max(255).default('application/octet-stream'),
  size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  makePublic: z.boolean().default(false),
});
export type UploadFileArgs = z.infer<typeof uploadFileArgs>;

/**
 * A file attached to a case. The bytes wait in IndexedDB and the sync worker sends them before this mutation
 * (POST /cases/{caseId}/files with the same fileId); the mutation then confirms that the row exists. Its
 * optimistic effect shows the file in the case's list at once, online or not.
 */
export const uploadCaseFile = defineMutation<UploadFileArgs>({
  name: 'case.uploadFile',
  args: uploadFileArgs,
  reads: (_args, actor) => [{ collection: 'config', id: actor.userId }],
  apply({ caseId, fileId, name, type, size, makePublic }, docs, actor, now) {
    const user = docs.get(actor.userId);
    if (!user || typeof user.workspaceId !== 'string') throw new MutationRefused('not-ready', 'Your data is still loading; try again in a moment');
    const file: ReplicaDoc = {
      id: fileId,
      kind: 'caseFile',
      rev: 0,
      deleted: false,
      workspaceId: user.workspaceId,
      caseId,
      name,
      mimeType: type || 'application/octet-stream',
      size,
      isPublic: makePublic,
      uploadedBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    };
    return [{ collection: 'caseRecords', doc: file }];
  },
});

export const FILE_MUTATIONS = [uploadCaseFile];
