import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { storageKeySegments, type FileStore } from './fileStore.ts';

/** Where an S3 store's objects live: FILE_STORE=s3://bucket/prefix and the AWS variables (server/config.ts). */
export type S3Location = {
  bucket: string;
  /** Segments joined by '/', without leading or trailing slash; '' puts keys at the bucket's root. */
  prefix: string;
  region: string;
  /** An S3-compatible server's address (MinIO, a test server); undefined for AWS itself. */
  endpoint: string | undefined;
  forcePathStyle: boolean;
};

/**
 * Multipart parts of 5 MiB (S3's smallest), two in flight: an upload holds at most about 10 MiB in memory
 * however large the file is.
 */
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/** Credentials come from the SDK's default chain: AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, a profile, a role. */
export function createS3Client(location: Pick<S3Location, 'region' | 'endpoint' | 'forcePathStyle'>): S3Client {
  // The SDK warns on every start under Node 20 that its releases after January 2027 will need Node 22; the
  // project's Node is pinned, so the warning tells an operator nothing they can act on. Their own setting wins.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  return new S3Client({
    region: location.region,
    forcePathStyle: location.forcePathStyle,
    ...(location.endpoint ? { endpoint: location.endpoint } : {}),
  });
}

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Files as objects under `prefix/` in one bucket. Uploads stream through multipart uploads (a failed body aborts
 * the upload, so no object appears) and downloads stream the object's body as it arrives. The store owns the
 * client: close() destroys it.
 */
export function s3FileStore({ bucket, prefix, client }: { bucket: string; prefix: string; client: S3Client }): FileStore {
  const objectKey = (key: string) => [...(prefix ? [prefix] : []), ...storageKeySegments(key)].join('/');
  return {
    async write(key, body) {
      const upload = new Upload({ client, params: { Bucket: bucket, Key: objectKey(key), Body: body }, partSize: PART_SIZE, queueSize: PARTS_IN_FLIGHT });
      // A body that fails (a limit reached, a client gone) is the failure to report, also when aborting the
      // multipart upload then fails too: parts an abort missed are invisible, and a bucket's lifecycle rule
      // (AbortIncompleteMultipartUpload) clears them.
      let bodyError: unknown;
      if (body instanceof Readable) body.once('error', (error) => (bodyError = error));
      try {
        await upload.done();
      } catch (error) {
        throw bodyError ?? error;
      }
    },
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        if (!(object.Body instanceof Readable)) throw new Error(`The S3 answer for ${key} has no readable body`);
        return { stream: object.Body, size: object.ContentLength };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      // S3 answers a delete of a missing key with success, as this store's contract asks.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    close() {
      client.destroy();
    },
  };
}
