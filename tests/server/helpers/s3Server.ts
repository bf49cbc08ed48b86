import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { vi } from 'vitest';
import { createS3Client } from '../../../server/files/s3FileStore.ts';

export type S3TestServer = {
  bucket: string;
  /** FILE_STORE and the AWS variables that point the app at this server, for a prefix of the caller's. */
  env(prefix: string): Record<string, string>;
  /** A client as the app makes one (server/files/s3FileStore.ts), for the tests' own look at the bucket. */
  client: S3Client;
  /** Every object key in the bucket under a prefix. */
  objectKeys(prefix?: string): Promise<string[]>;
  close(): Promise<void>;
};

/**
 * A local S3-compatible server (s3rver) on a free port, with one bucket, in a folder removed again on close. The
 * SDK's default credential chain finds s3rver's fixed key pair in the environment while the server runs.
 */
export async function startS3Server(bucket = 'console-files'): Promise<S3TestServer> {
  const directory = await mkdtemp(join(tmpdir(), 'console-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'S3RVER');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'S3RVER');
  const client = createS3Client({ region: 'us-east-1', endpoint, forcePathStyle: true });
  return {
    bucket,
    env: (prefix) => ({ FILE_STORE: `s3://${bucket}/${prefix}`, AWS_ENDPOINT_URL: endpoint }),
    client,
    async objectKeys(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((o) => o.Key ?? ''));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    async close() {
      client.destroy();
      await server.close();
      vi.unstubAllEnvs();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
