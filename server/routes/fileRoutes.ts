import { randomUUID } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FILE_LIST_PAGE_SIZE,
  FILE_LIST_PAGE_SIZE_MAX,
  FILE_MESSAGES,
  fileIdSchema,
  isFileField,
  parseMakePublic,
} from '../../src/domain/files/fileRules.ts';
import { inputProblem } from '../../src/domain/validation/inputBoundary.ts';
import { idRefSchema } from '../../src/domain/validation/ids.ts';
import { authOf, requireSession } from '../auth/guard.ts';
import { newStorageKey, type FileStore } from '../files/fileStore.ts';
import { ApiError } from '../http/errors.ts';
import { invalidInput } from '../http/inputBoundary.ts';
import { findReadableFile, listCaseFiles, requireCaseAccess, saveCaseFiles, type StoredUpload } from '../services/caseFiles.ts';
import { runWrite } from '../services/context.ts';
import type { AppDeps } from '../app.ts';

const id = idRefSchema;
const listQuery = z.object({
  pageSize: z.coerce.number().int().min(1).max(FILE_LIST_PAGE_SIZE_MAX).default(FILE_LIST_PAGE_SIZE),
  /** The page to answer, from 1 (the spec's `since=1`). */
  since: z.coerce.number().int().min(1).max(100_000).default(1),
});

type Received = Omit<StoredUpload, 'id'>;

const MULTIPART_TOO_LARGE = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_FILES_LIMIT', 'FST_PARTS_LIMIT']);

/**
 * A file part on its way to the store, counted as it passes. `count` throws to stop the write (the upload's
 * total); a part the parser cut at the per-file limit ends as `tooLarge` instead of being stored truncated.
 */
function metered(part: MultipartFile, count: (bytes: number) => void, tooLarge: () => Error): Readable {
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        count(chunk.length);
        done(null, chunk);
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done) {
      done(part.file.truncated ? tooLarge() : null);
    },
  });
  // Errors travel both ways: the store sees the part's, and a failed write stops reading the part.
  return pipeline(part.file, meter, () => undefined);
}

/**
 * Part 2 §7 "Envelopes and files": upload (multipart file1..n, optional makePublic, default false), list, and
 * the bytes of one file. An upload may name its file with `fileId` (the sync worker does, so the row id is the
 * client's and a repeated send answers the existing row). Bytes are stored before the rows are written; when
 * the rows fail, the stored bytes are removed again, so a refused upload leaves nothing behind.
 */
export const fileRoutes =
  ({ db, config }: AppDeps, store: FileStore): FastifyPluginAsyncZod =>
  async (app) => {
    requireSession(app, db);

    app.post('/cases/:id/files', { schema: { params: z.object({ id }) } }, async (request) => {
      const actor = authOf(request);
      const caseId = request.params.id;
      // Refuse before reading the body: a caller without access never streams their bytes to us.
      await requireCaseAccess(db, actor, caseId);
      if (!request.isMultipart()) throw new ApiError(415, 'unsupported-media-type', 'Send the files as multipart/form-data');
      const received: Received[] = [];
      // Every key a write was started under, so a refusal midway removes what any of them left behind.
      const written: string[] = [];
      const fields = new Map<string, string>();
      let total = 0;
      const tooLarge = () => new ApiError(413, 'payload-too-large', FILE_MESSAGES.tooLarge(Math.min(config.fileMaxBytes, config.uploadMaxBytes)));
      const countTotal = (bytes: number) => {
        total += bytes;
        if (total > config.uploadMaxBytes) throw tooLarge();
      };
      try {
        try {
          // Each file streams into the store as it arrives: an upload never sits in memory whole.
          for await (const part of request.parts()) {
            if (part.type === 'field') {
              fields.set(part.fieldname, String(part.value));
              continue;
            }
            const filePart = part as MultipartFile;
            // Refused parts are drained, not stored, so the parser can reach the end of the body.
            if (!isFileField(part.fieldname)) {
              filePart.file.resume();
              throw new ApiError(400, 'invalid-request', `Unexpected file field ${part.fieldname}: use file1..n`);
            }
            // File names and types come from inside the body, past the boundary's hook: inspected here.
            const unsafe = inputProblem({ name: part.filename, type: part.mimetype }, part.fieldname);
            if (unsafe) {
              filePart.file.resume();
              throw invalidInput(unsafe);
            }
            const storageKey = newStorageKey(actor.workspaceId, caseId);
            written.push(storageKey);
            let size = 0;
            const count = (bytes: number) => {
              size += bytes;
              countTotal(bytes);
            };
            await store.write(storageKey, metered(filePart, count, tooLarge));
            // A browser sends an empty file input as a nameless, empty part.
            if (!part.filename && size === 0) {
              await store.remove(storageKey);
              continue;
            }
            received.push({ name: (part.filename || part.fieldname).slice(0, 255), type: (part.mimetype || 'application/octet-stream').slice(0, 255), size, storageKey });
          }
        } catch (error) {
          if (MULTIPART_TOO_LARGE.has((error as { code?: string }).code ?? '')) throw tooLarge();
          throw error;
        }
        if (received.length === 0) throw new ApiError(400, 'no-file', FILE_MESSAGES.noFile);
        const requestedId = fields.get('fileId');
        if (requestedId !== undefined) {
          if (received.length !== 1) throw new ApiError(400, 'invalid-request', 'fileId names a single file: send one file with it');
          const parsed = fileIdSchema.safeParse(requestedId);
          if (!parsed.success) throw new ApiError(400, 'invalid-request', parsed.error.issues[0]?.message ?? 'Invalid fileId');
        }
        const files = received.map((file) => ({ ...file, id: requestedId ?? `fil-${randomUUID()}` }));
        const result = await runWrite(db, actor, saveCaseFiles, { caseId, makePublic: parseMakePublic(fields.get('makePublic')), files });
        // The rows are committed: from here a failure must not remove the bytes they point to.
        written.length = 0;
        // Bytes of a repeated upload that answered the existing row; one left behind only costs space.
        await Promise.all(result.unused.map((key) => store.remove(key).catch((err: unknown) => request.log.warn({ err, storageKey: key }, 'unused upload not removed'))));
        return { files: result.files };
      } catch (error) {
        await Promise.all(written.map((key) => store.remove(key).catch(() => undefined)));
        throw error;
      }
    });

    app.get('/cases/:id/files', { schema: { params: z.object({ id }), querystring: listQuery } }, (request) =>
      listCaseFiles(db, authOf(request), request.params.id, request.query.since, request.query.pageSize),
    );

    app.get('/cases/:caseId/files/:fileId', { schema: { params: z.object({ caseId: id, fileId: id }) } }, async (request, reply) => {
      const row = await findReadableFile(db, authOf(request), request.params.caseId, request.params.fileId);
      const stored = await store.read(row.storage_key);
      if (!stored) {
        request.log.warn({ fileId: row.id, storageKey: row.storage_key }, 'file row without bytes in the file store');
        throw new ApiError(404, 'not-found', FILE_MESSAGES.notFound);
      }
      if (stored.size !== undefined) reply.header('content-length', stored.size);
      return reply
        .type(row.mime_type)
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(row.name)}`)
        .header('cache-control', 'private, no-store')
        .send(stored.stream);
    });
  };
