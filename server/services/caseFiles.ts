import type { Kysely } from 'kysely';
import { caseFileUrl, FILE_LIST_PAGE_SIZE, FILE_MESSAGES } from '../../src/domain/files/fileRules.ts';
import type { UploadFileArgs } from '../../src/domain/mutations/fileMutations.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { mayOpenCase } from '../sync/pull.ts';
import { loadVisibility } from '../sync/visibility.ts';
import type { WriteService } from './context.ts';

/** A case file as the calls of part 2 §7 answer it. */
export type CaseFileInfo = { id: string; caseId: string; url: string; name: string; size: number; type: string; isPublic: boolean; createdAt: string };

/** Bytes already in the file store, waiting for their row. */
export type StoredUpload = { id: string; name: string; type: string; size: number; storageKey: string };
export type SaveCaseFilesArgs = { caseId: string; makePublic: boolean; files: StoredUpload[] };
/** `unused`: storage keys whose bytes no row refers to (the file existed already): the caller removes them. */
export type SaveCaseFilesResult = { files: CaseFileInfo[]; unused: string[] };

type FileRow = { id: string; case_id: string; name: string; mime_type: string; size: number | string; is_public: boolean; created_at: Date };

export const toFileInfo = (row: FileRow): CaseFileInfo => ({
  id: row.id,
  caseId: row.case_id,
  url: caseFileUrl(row.case_id, row.id),
  name: row.name,
  size: Number(row.size),
  type: row.mime_type,
  isPublic: row.is_public,
  createdAt: row.created_at.toISOString(),
});

/**
 * The caller may work with a case's files when they may open the case (the rule of the caseRecords pull):
 * a case of another workspace or none at all is 404, a case they cannot open is 403.
 */
export async function requireCaseAccess(db: Kysely<Database>, actor: AuthContext, caseId: string): Promise<void> {
  const found = await db.selectFrom('cases').select('id').where('id', '=', caseId).where('workspace_id', '=', actor.workspaceId).where('deleted', '=', false).executeTakeFirst();
  if (!found) throw new ApiError(404, 'not-found', FILE_MESSAGES.caseNotFound);
  if (!(await mayOpenCase(db, await loadVisibility(db, actor), caseId))) throw new ApiError(403, 'forbidden', FILE_MESSAGES.accessDenied);
}

/**
 * Writes the rows of uploaded files under the transaction's revision. A file id that exists already in the
 * same case answers the existing row (a repeated upload is idempotent); in any other case it is a conflict.
 */
export const saveCaseFiles: WriteService<SaveCaseFilesArgs, SaveCaseFilesResult> = async ({ tx, rev, actor, now }, { caseId, makePublic, files }) => {
  await requireCaseAccess(tx, actor, caseId);
  const saved: CaseFileInfo[] = [];
  const unused: string[] = [];
  for (const file of files) {
    const inserted = await tx
      .insertInto('case_files')
      .values({
        id: file.id,
        workspace_id: actor.workspaceId,
        case_id: caseId,
        name: file.name,
        mime_type: file.type,
        size: file.size,
        storage_key: file.storageKey,
        is_public: makePublic,
        uploaded_by: actor.userId,
        rev,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) {
      saved.push(toFileInfo(inserted));
      continue;
    }
    const existing = await tx.selectFrom('case_files').selectAll().where('id', '=', file.id).executeTakeFirstOrThrow();
    if (existing.workspace_id !== actor.workspaceId || existing.case_id !== caseId || existing.deleted) {
      throw new ApiError(409, 'conflict', `File id ${file.id} is already used`);
    }
    saved.push(toFileInfo(existing));
    unused.push(file.storageKey);
  }
  return { files: saved, unused };
};

/** The mutation `case.uploadFile`: the worker has sent the bytes first, so the row must exist now. */
export const confirmUpload: WriteService<UploadFileArgs, { fileId: string }> = async ({ tx, actor }, { caseId, fileId }) => {
  await requireCaseAccess(tx, actor, caseId);
  const row = await tx
    .selectFrom('case_files')
    .select('id')
    .where('id', '=', fileId)
    .where('case_id', '=', caseId)
    .where('workspace_id', '=', actor.workspaceId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!row) throw new ApiError(409, 'file-missing', FILE_MESSAGES.saveFailed);
  return { fileId };
};

export type FileListPage = { files: CaseFileInfo[]; page: number; pageSize: number; total: number };

/** One page of a case's files, oldest first (page numbers start at 1). */
export async function listCaseFiles(db: Kysely<Database>, actor: AuthContext, caseId: string, page: number, pageSize: number = FILE_LIST_PAGE_SIZE): Promise<FileListPage> {
  await requireCaseAccess(db, actor, caseId);
  const base = db.selectFrom('case_files').where('case_id', '=', caseId).where('workspace_id', '=', actor.workspaceId).where('deleted', '=', false);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at').orderBy('id').limit(pageSize).offset((page - 1) * pageSize).execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { files: rows.map(toFileInfo), page, pageSize, total: Number(count.n) };
}

/**
 * A file the caller may read: 404 'File not found' when the case holds no such file, 403 'Access denied' when
 * the caller may not open the case (a public file may be read by anyone signed in to the workspace).
 */
export async function findReadableFile(db: Kysely<Database>, actor: AuthContext, caseId: string, fileId: string) {
  const row = await db
    .selectFrom('case_files')
    .selectAll()
    .where('id', '=', fileId)
    .where('case_id', '=', caseId)
    .where('workspace_id', '=', actor.workspaceId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, 'not-found', FILE_MESSAGES.notFound);
  if (!row.is_public && !(await mayOpenCase(db, await loadVisibility(db, actor), caseId))) throw new ApiError(403, 'forbidden', FILE_MESSAGES.accessDenied);
  return row;
}
