import path from 'node:path';
import { isStorageKey, localFileStore, type FileStore } from './fileStore.ts';
import type { S3Location } from './s3FileStore.ts';

/** Which store FILE_STORE selects: a local folder (the default), or S3-compatible object storage. */
export type FileStoreSetting = { kind: 'local'; root: string } | ({ kind: 's3' } & S3Location);

export type FileStoreEnv = {
  FILE_STORE?: string | undefined;
  AWS_ENDPOINT_URL_S3?: string | undefined;
  AWS_ENDPOINT_URL?: string | undefined;
  AWS_REGION?: string | undefined;
  S3_FORCE_PATH_STYLE?: 'true' | 'false' | undefined;
};

const DEFAULT_REGION = 'us-east-1';
/** S3's bucket naming rules (lowercase, 3 to 63 characters, no IP address). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const IP_ADDRESS = /^\d+\.\d+\.\d+\.\d+$/;
const URL_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/**
 * FILE_STORE as a setting, or why it cannot be one (the message names the variable). Unset or empty: the folder
 * `files` in DATA_DIR; a path: that folder; `s3://bucket/prefix`: objects under prefix/ in bucket. Any other URL
 * is refused rather than taken for a folder named after it.
 */
export function fileStoreSetting(env: FileStoreEnv, dataDir: string): FileStoreSetting | { problem: string } {
  const value = env.FILE_STORE || path.join(dataDir, 'files');
  if (!URL_SCHEME.test(value)) return { kind: 'local', root: path.resolve(value) };
  const scheme = value.slice(0, value.indexOf('://'));
  if (scheme.toLowerCase() !== 's3') return { problem: `FILE_STORE: ${scheme}:// is not a store; use a folder path or s3://bucket/prefix` };
  const rest = value.slice('s3://'.length);
  const slash = rest.indexOf('/');
  const bucket = slash === -1 ? rest : rest.slice(0, slash);
  if (!BUCKET.test(bucket) || IP_ADDRESS.test(bucket) || bucket.includes('..')) {
    return { problem: 'FILE_STORE: the bucket name must be 3 to 63 lowercase letters, digits, dots or hyphens, starting and ending with a letter or digit' };
  }
  const prefix = slash === -1 ? '' : rest.slice(slash + 1).replace(/^\/+|\/+$/g, '');
  if (prefix && !isStorageKey(prefix)) {
    return { problem: "FILE_STORE: the prefix must be names of letters, digits, '.', '_' or '-' separated by single slashes" };
  }
  const endpointVariable = env.AWS_ENDPOINT_URL_S3 ? 'AWS_ENDPOINT_URL_S3' : 'AWS_ENDPOINT_URL';
  const endpoint = env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL || undefined;
  if (endpoint && !isHttpUrl(endpoint)) return { problem: `${endpointVariable}: must be an http:// or https:// address` };
  // An endpoint means an S3-compatible server (MinIO and most others answer path-style only); AWS itself wants
  // virtual-hosted addresses. S3_FORCE_PATH_STYLE overrides either way.
  const forcePathStyle = env.S3_FORCE_PATH_STYLE === undefined ? endpoint !== undefined : env.S3_FORCE_PATH_STYLE === 'true';
  return { kind: 's3', bucket, prefix, region: env.AWS_REGION || DEFAULT_REGION, endpoint, forcePathStyle };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The store a setting selects; the S3 client's module is loaded only when it is used. */
export async function openFileStore(setting: FileStoreSetting): Promise<FileStore> {
  if (setting.kind === 'local') return localFileStore(setting.root);
  const { createS3Client, s3FileStore } = await import('./s3FileStore.ts');
  return s3FileStore({ bucket: setting.bucket, prefix: setting.prefix, client: createS3Client(setting) });
}
