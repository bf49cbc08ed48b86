import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';

const s3 = { kind: 's3', region: 'us-east-1', endpoint: undefined, forcePathStyle: false };

describe('FILE_STORE and the S3 variables', () => {
  it.each<[string, Record<string, string>, object]>([
    ['unset: the files folder in DATA_DIR', { DATA_DIR: 'var/data' }, { kind: 'local', root: path.resolve('var/data/files') }],
    ['empty: the same default', { DATA_DIR: 'var/data', FILE_STORE: '' }, { kind: 'local', root: path.resolve('var/data/files') }],
    ['a folder path', { FILE_STORE: 'uploads/here' }, { kind: 'local', root: path.resolve('uploads/here') }],
    ['a bucket alone', { FILE_STORE: 's3://console-files' }, { ...s3, bucket: 'console-files', prefix: '' }],
    ['a bucket and a prefix, slashes trimmed', { FILE_STORE: 's3://console-files/prod/files/' }, { ...s3, bucket: 'console-files', prefix: 'prod/files' }],
    ['a region', { FILE_STORE: 's3://my.bucket-1/p', AWS_REGION: 'eu-west-3' }, { ...s3, bucket: 'my.bucket-1', prefix: 'p', region: 'eu-west-3' }],
    [
      'an endpoint turns path-style on',
      { FILE_STORE: 's3://minio-files/p', AWS_ENDPOINT_URL: 'http://127.0.0.1:9000' },
      { ...s3, bucket: 'minio-files', prefix: 'p', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true },
    ],
    [
      "S3's own endpoint variable wins over the general one",
      { FILE_STORE: 's3://minio-files', AWS_ENDPOINT_URL: 'http://a.example', AWS_ENDPOINT_URL_S3: 'https://s3.example' },
      { ...s3, bucket: 'minio-files', prefix: '', endpoint: 'https://s3.example', forcePathStyle: true },
    ],
    [
      'S3_FORCE_PATH_STYLE overrides the endpoint rule',
      { FILE_STORE: 's3://minio-files', AWS_ENDPOINT_URL: 'https://s3.example', S3_FORCE_PATH_STYLE: 'false' },
      { ...s3, bucket: 'minio-files', prefix: '', endpoint: 'https://s3.example', forcePathStyle: false },
    ],
    ['path-style without an endpoint', { FILE_STORE: 's3://console-files', S3_FORCE_PATH_STYLE: 'true' }, { ...s3, bucket: 'console-files', prefix: '', forcePathStyle: true }],
  ])('%s', (_label, env, expected) => {
    expect(loadConfig(env).fileStore).toEqual(expected);
  });

  it.each([
    [{ FILE_STORE: 'gs://bucket/files' }, 'FILE_STORE: gs:// is not a store; use a folder path or s3://bucket/prefix'],
    [{ FILE_STORE: 'https://bucket.example/files' }, 'FILE_STORE: https:// is not a store'],
    [{ FILE_STORE: 's3://' }, 'FILE_STORE: the bucket name must be 3 to 63'],
    [{ FILE_STORE: 's3://ab' }, 'FILE_STORE: the bucket name'],
    [{ FILE_STORE: 's3://Console_Files/x' }, 'FILE_STORE: the bucket name'],
    [{ FILE_STORE: 's3://user:secret@bucket/x' }, 'FILE_STORE: the bucket name'],
    [{ FILE_STORE: 's3://192.168.1.10/x' }, 'FILE_STORE: the bucket name'],
    [{ FILE_STORE: 's3://console-files/a//b' }, 'FILE_STORE: the prefix must be'],
    [{ FILE_STORE: 's3://console-files/../up' }, 'FILE_STORE: the prefix must be'],
    [{ FILE_STORE: 's3://console-files/with space' }, 'FILE_STORE: the prefix must be'],
    [{ FILE_STORE: 's3://console-files', AWS_ENDPOINT_URL: 'minio:9000' }, 'AWS_ENDPOINT_URL: must be an http:// or https:// address'],
    [{ FILE_STORE: 's3://console-files', AWS_ENDPOINT_URL_S3: 'ftp://files.example' }, 'AWS_ENDPOINT_URL_S3: must be an http:// or https:// address'],
    [{ FILE_STORE: 's3://console-files', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
  ])('%j stops start-up with the reason', (env, reason) => {
    expect(() => loadConfig(env)).toThrow(`Invalid configuration: ${reason}`);
  });

  it('leaves the AWS variables alone while the store is a folder', () => {
    expect(loadConfig({ FILE_STORE: 'files', AWS_ENDPOINT_URL: 'not a url' }).fileStore).toEqual({ kind: 'local', root: path.resolve('files') });
  });
});
