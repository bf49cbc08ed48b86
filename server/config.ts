import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_FILE_MAX_BYTES, DEFAULT_UPLOAD_MAX_BYTES } from '../src/domain/files/fileRules.ts';
import { SUBMISSION_RATE_LIMIT } from '../src/domain/forms/formRules.ts';
import { EXTERNAL_CALL_RATE_LIMIT } from '../src/domain/traces/externalCall.ts';
import { fileStoreSetting, type FileStoreSetting } from './files/fileStoreConfig.ts';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** A folder path, or s3://bucket/prefix (server/files/fileStoreConfig.ts); the S3 store reads the AWS variables. */
  FILE_STORE: z.string().optional(),
  AWS_ENDPOINT_URL_S3: z.string().optional(),
  AWS_ENDPOINT_URL: z.string().optional(),
  AWS_REGION: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  FILE_MAX_BYTES: z.coerce.number().int().min(1).default(DEFAULT_FILE_MAX_BYTES),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1).default(DEFAULT_UPLOAD_MAX_BYTES),
  SMTP_URL: z.string().optional(),
  MAIL_DROP_DIR: z.string().optional(),
  MAIL_FROM: z.string().default('Workflow Console <no-reply@workflow-console.local>'),
  PUBLIC_URL: z.string().optional(),
  HTTPS: z.enum(['true', 'false']).optional(),
  SESSION_TTL_SECONDS: z.coerce.number().int().positive().default(8 * 60 * 60),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /** Kiosk submissions a minute per kiosk id and address (the default is SUBMISSION_RATE_LIMIT.max). */
  SUBMISSION_RATE_LIMIT: z.coerce.number().int().positive().default(SUBMISSION_RATE_LIMIT.max),
  /** General external calls a minute per user (the default is EXTERNAL_CALL_RATE_LIMIT.max). */
  EXTERNAL_CALL_RATE_LIMIT: z.coerce.number().int().positive().default(EXTERNAL_CALL_RATE_LIMIT.max),
  /** Bearer token that opens GET /metrics; without one the metrics are not served. */
  METRICS_TOKEN: z.string().optional().refine((token) => !token || token.length >= 16, 'METRICS_TOKEN must be at least 16 characters'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  STATIC_DIR: z.string().default('./dist'),
  ALLOW_PRIVATE_NETWORK: z.enum(['true', 'false']).default('false'),
  ENGINE_ENABLED: z.enum(['true', 'false']).default('true'),
  ENGINE_POLL_MS: z.coerce.number().int().min(10).default(1000),
  ENGINE_LEASE_MS: z.coerce.number().int().min(1000).default(5 * 60_000),
  ENGINE_BATCH_SIZE: z.coerce.number().int().min(1).max(100).default(8),
  /** SIGTERM/SIGINT: how long the process may take to stop gracefully before it exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  API_TIMEOUT_MS: z.coerce.number().int().min(10).max(120_000).default(10_000),
  API_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  API_BACKOFF_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  SCRIPT_TIME_LIMIT_MS: z.coerce.number().int().min(10).max(30_000).default(1000),
  SCRIPT_MEMORY_LIMIT_MB: z.coerce.number().int().min(1).max(512).default(32),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  fileStore: FileStoreSetting;
  /** Upload limits: each file, and all files of one request together (413 beyond either). */
  fileMaxBytes: number;
  uploadMaxBytes: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Without SMTP, each recorded mail is also written here as JSON (local development and e2e read links from it). */
  mailDropDir: string | undefined;
  publicUrl: string | undefined;
  /** Served over https (HTTPS=true, or a PUBLIC_URL that starts with https://): only then HSTS and upgrade-insecure-requests. */
  https: boolean;
  sessionTtlSeconds: number;
  loginRateLimit: number;
  submissionRateLimit: number;
  externalCallRateLimit: number;
  metricsToken: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  seedDemo: boolean;
  staticDir: string;
  /** Workflow engine (server/engine): outgoing calls to private addresses, polling, stage limits. */
  allowPrivateNetwork: boolean;
  engineEnabled: boolean;
  enginePollMs: number;
  engineLeaseMs: number;
  engineBatchSize: number;
  shutdownTimeoutMs: number;
  apiTimeoutMs: number;
  apiRetries: number;
  apiBackoffMs: number;
  scriptTimeLimitMs: number;
  scriptMemoryLimitMb: number;
};

/** Reads the environment once; a bad value stops start-up with the variable's name in the message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const fileStore = fileStoreSetting(e, dataDir);
  if ('problem' in fileStore) throw new Error(`Invalid configuration: ${fileStore.problem}`);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    fileStore,
    fileMaxBytes: e.FILE_MAX_BYTES,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    mailDropDir: e.MAIL_DROP_DIR ? path.resolve(e.MAIL_DROP_DIR) : undefined,
    publicUrl: e.PUBLIC_URL,
    https: e.HTTPS === undefined ? (e.PUBLIC_URL ?? '').startsWith('https://') : e.HTTPS === 'true',
    sessionTtlSeconds: e.SESSION_TTL_SECONDS,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    submissionRateLimit: e.SUBMISSION_RATE_LIMIT,
    externalCallRateLimit: e.EXTERNAL_CALL_RATE_LIMIT,
    metricsToken: e.METRICS_TOKEN || undefined,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO === 'true',
    staticDir: path.resolve(e.STATIC_DIR),
    allowPrivateNetwork: e.ALLOW_PRIVATE_NETWORK === 'true',
    engineEnabled: e.ENGINE_ENABLED === 'true',
    enginePollMs: e.ENGINE_POLL_MS,
    engineLeaseMs: e.ENGINE_LEASE_MS,
    engineBatchSize: e.ENGINE_BATCH_SIZE,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    apiTimeoutMs: e.API_TIMEOUT_MS,
    apiRetries: e.API_RETRIES,
    apiBackoffMs: e.API_BACKOFF_MS,
    scriptTimeLimitMs: e.SCRIPT_TIME_LIMIT_MS,
    scriptMemoryLimitMb: e.SCRIPT_MEMORY_LIMIT_MB,
  };
}
