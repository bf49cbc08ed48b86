import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { stageByKey, type FlowStage } from '../../src/domain/engine/flowGraph.ts';
import { isActiveInstance } from '../../src/domain/engine/instanceStatus.ts';
import { withWorkspaceWrite } from '../db/revisions.ts';
import type { Database } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { BATCH_JOB_KIND, runBatchJob } from './batchJobs.ts';
import { graphOfInstance } from './flowVersions.ts';
import { valuesOf } from './instanceModel.ts';
import { claimJobs, finishJob, LeaseLostError, releaseClaimedJobs, releaseJob, type Job } from './jobQueue.ts';
import { abandonStage, commitStageOutcome, engineActor } from './stageCommit.ts';
import { apiStage } from './stages/apiStage.ts';
import { scriptStage } from './stages/scriptStage.ts';
import { emailStage, endStage, humanInterfaceStage, startStage, timerStage } from './stages/simpleStages.ts';
import type { StageDeps, StageHandler, StageRun, StageSettings } from './stages/stageTypes.ts';

const HANDLERS: Record<FlowStage['nodeType'], StageHandler> = {
  start: startStage,
  'human-interface': humanInterfaceStage,
  email: emailStage,
  api: apiStage,
  script: scriptStage,
  timer: timerStage,
  end: endStage,
};

export type RunnerOptions = {
  db: Kysely<Database>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  settings: StageSettings;
  now?: () => Date;
  workerId?: string;
  /** How long a claimed job is ours; far above the longest stage (API timeout × attempts, script limit). */
  leaseMs?: number;
  batchSize?: number;
  /** Claims of one job before its stage is failed (a stage that crashes the process every time). */
  maxAttempts?: number;
};

export type Runner = {
  workerId: string;
  runDue(): Promise<number>;
  /** Gives back the jobs this runner still holds (shutdown); answers how many. */
  releaseClaimed(): Promise<number>;
};

/**
 * Claims due jobs and runs them: the stage's work happens outside any transaction, then its outcome is
 * committed in one revision transaction together with the next stage's job (stageCommit.ts). An unexpected
 * error gives the job back with a backoff; a runner that dies leaves its lease to expire.
 */
export function createRunner(options: RunnerOptions): Runner {
  const { db, log } = options;
  const now = options.now ?? (() => new Date());
  const workerId = options.workerId ?? `runner-${randomUUID()}`;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const batchSize = options.batchSize ?? 8;
  const maxAttempts = options.maxAttempts ?? 5;
  const deps: StageDeps = { mailer: options.mailer, settings: options.settings, log, now };

  const commit = (job: Job, work: Parameters<typeof withWorkspaceWrite>[2]) => withWorkspaceWrite(db, job.workspace_id, work);

  async function loadRun(job: Job): Promise<StageRun | null> {
    const payload = valuesOf(job.payload);
    const stageKey = typeof payload.stageKey === 'string' ? payload.stageKey : '';
    const seq = typeof payload.seq === 'number' ? payload.seq : 0;
    if (!job.instance_id) return null;
    const instance = await db.selectFrom('instances').selectAll().where('id', '=', job.instance_id).executeTakeFirst();
    if (!instance || instance.deleted || !isActiveInstance(instance.status) || instance.current_stage !== stageKey) return null;
    const app = await db.selectFrom('apps').select(['id', 'name']).where('id', '=', instance.app_id).executeTakeFirstOrThrow();
    const graph = await graphOfInstance(db, instance);
    const stage = stageByKey(graph, stageKey);
    const base = { job, instance, app, graph, seq, payload, values: valuesOf(instance.values), now: now() };
    if (!stage) {
      const row = await db.selectFrom('instance_stages').select('node_type').where('instance_id', '=', instance.id).where('seq', '=', seq).executeTakeFirst();
      const missing: FlowStage = { key: stageKey, name: stageKey, nodeType: row?.node_type ?? 'end', config: {}, transitions: [] };
      return { ...base, stage: missing, template: null, config: { missingStage: true } };
    }
    const template = stage.templateId
      ? await db
          .selectFrom('node_templates')
          .select(['id', 'config', 'template', 'version'])
          .where('id', '=', stage.templateId)
          .where('workspace_id', '=', instance.workspace_id)
          .executeTakeFirst()
      : undefined;
    return {
      ...base,
      stage,
      template: template ? { id: template.id, html: template.template, version: template.version } : null,
      config: { ...valuesOf(template?.config), ...stage.config },
    };
  }

  async function runJob(job: Job): Promise<void> {
    try {
      if (job.kind === BATCH_JOB_KIND) {
        await runBatchJob({ db, log, now, workerId }, job);
        return;
      }
      const run = job.kind === 'stage' ? await loadRun(job) : null;
      if (!run) {
        await finishJob(db, job.id, now());
        return;
      }
      if (job.attempts > maxAttempts) {
        const reason = `The stage was interrupted ${job.attempts - 1} times${job.last_error ? `; last error: ${job.last_error}` : ''}`;
        const stuck = run;
        await commit(job, (tx, rev) => abandonStage({ tx, rev, actor: engineActor(job.workspace_id), now: now() }, job, workerId, stuck, reason));
        return;
      }
      const loaded = run;
      const outcome = loaded.config.missingStage
        ? { kind: 'fail' as const, error: `The workflow no longer has stage '${loaded.stage.key}'` }
        : await HANDLERS[loaded.stage.nodeType](loaded, deps);
      await commit(job, (tx, rev) => commitStageOutcome({ tx, rev, actor: engineActor(job.workspace_id), now: now() }, job, workerId, loaded, outcome));
    } catch (error) {
      if (error instanceof LeaseLostError) {
        log.warn({ jobId: job.id, workerId }, error.message);
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      log.error({ err: error, jobId: job.id, instanceId: job.instance_id }, 'engine job failed; it will be retried');
      const retryAt = new Date(now().getTime() + Math.min(60_000, 1000 * 2 ** job.attempts));
      await releaseJob(db, job, workerId, message, retryAt).catch((releaseError: unknown) => log.error({ err: releaseError }, 'could not release job'));
    }
  }

  return {
    workerId,
    async runDue() {
      const jobs = await claimJobs(db, { workerId, now: now(), leaseMs, limit: batchSize });
      await Promise.all(jobs.map(runJob));
      return jobs.length;
    },
    releaseClaimed: () => releaseClaimedJobs(db, workerId),
  };
}
