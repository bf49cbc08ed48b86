import { createHash, randomBytes } from 'node:crypto';
import { ACCEPT_ANSWER, ANSWER_PLACEHOLDERS, answerUrl, DECLINE_ANSWER } from '../../../src/domain/engine/answerLinks.ts';
import { fillTemplate } from '../templating.ts';
import { numberOr, objectOf, stringOr, type StageDeps, type StageHandler, type StageOutcome, type StageRun } from './stageTypes.ts';

/** The entry stage: records the values the run started with (a retry from the start goes back to them). */
export const startStage: StageHandler = async (run) => ({ kind: 'advance', exported: {}, parameters: run.values });

export const endStage: StageHandler = async () => ({ kind: 'advance', exported: {}, parameters: {} });

const DEFAULT_SLA_SECONDS = 24 * 3600;

/** Opens a ticket for the stage's team; the instance waits until the ticket is resolved (ticketOutcome.ts). */
export const humanInterfaceStage: StageHandler = async (run) => {
  const teamId = run.config.teamId;
  if (typeof teamId !== 'string' || !teamId) return { kind: 'fail', error: `Stage '${run.stage.key}' names no team for its ticket` };
  const slaSeconds = Math.max(1, Math.round(numberOr(run.config.slaSeconds, DEFAULT_SLA_SECONDS)));
  const description = fillTemplate(stringOr(run.config.description, run.stage.name || run.stage.key), run.values);
  return {
    kind: 'open-ticket',
    ticket: { teamId, slaSeconds, html: run.template?.html ?? '', templateVersion: run.template?.version ?? null, description },
    parameters: { teamId, slaSeconds },
  };
};

/**
 * Sleeps until `until` (an ISO time, may name a value: '{{followUpAt}}') or for `delaySeconds`. The first run
 * parks the instance with a wake-up job; the runner claims that job when it is due and the stage succeeds.
 */
export const timerStage: StageHandler = async (run): Promise<StageOutcome> => {
  const now = run.now;
  const planned = typeof run.payload.wakeAt === 'string' ? new Date(run.payload.wakeAt) : null;
  if (planned) {
    return planned.getTime() <= now.getTime()
      ? { kind: 'advance', exported: {}, parameters: { wakeAt: planned.toISOString(), wokeAt: now.toISOString() } }
      : { kind: 'wait-until', wakeAt: planned, parameters: { wakeAt: planned.toISOString() } };
  }
  const general = objectOf(run.config.general);
  const until = typeof run.config.until === 'string' ? new Date(fillTemplate(run.config.until, run.values)) : null;
  if (until && Number.isNaN(until.getTime())) return { kind: 'fail', error: `Timer '${run.stage.key}' has an invalid time: ${String(run.config.until)}` };
  const delaySeconds = numberOr(run.config.delaySeconds, numberOr(general.delaySeconds, 0));
  const wakeAt = until ?? new Date(now.getTime() + Math.max(0, delaySeconds) * 1000);
  if (wakeAt.getTime() <= now.getTime()) return { kind: 'advance', exported: {}, parameters: { wakeAt: wakeAt.toISOString(), wokeAt: now.toISOString() } };
  return { kind: 'wait-until', wakeAt, parameters: { wakeAt: wakeAt.toISOString() } };
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The answer links' text when the body names neither placeholder (e-mails are plain text). */
const appendedLinks = (accept: string, decline: string) => `\n\nAnswer: ${accept}\nDecline: ${decline}\n`;

/**
 * With `waitForAnswer`, a fresh code (256 random bits, base64url) goes into the links and only its SHA-256 into
 * the outcome: the database never holds a usable code. A crash between sending and committing sends again
 * with a new code on the re-run (at-least-once, as every e-mail); the first mail's links then answer 404.
 */
function answerLinks(run: StageRun, deps: StageDeps) {
  const code = randomBytes(32).toString('base64url');
  const accept = answerUrl(deps.settings.publicBaseUrl, code, ACCEPT_ANSWER);
  const decline = answerUrl(deps.settings.publicBaseUrl, code, DECLINE_ANSWER);
  return {
    codeHash: createHash('sha256').update(code).digest('hex'),
    accept,
    decline,
    links: { [ANSWER_PLACEHOLDERS.accept]: accept, [ANSWER_PLACEHOLDERS.decline]: decline },
    namesLinks: Object.values(ANSWER_PLACEHOLDERS).some((name) => new RegExp(`\\{\\{\\s*${name}\\s*\\}\\}`).test(stringOr(run.config.body, ''))),
  };
}

/**
 * Sends through SMTP_URL when set, otherwise the mailer records the message in mail_log. With `waitForAnswer`
 * the instance then waits for an answer link; the job the link enqueues carries `answer`, and the stage advances
 * with it, exporting `answer`, without sending again.
 */
export const emailStage: StageHandler = async (run, deps): Promise<StageOutcome> => {
  if (typeof run.payload.answer === 'number') {
    return { kind: 'advance', exported: { answer: run.payload.answer }, parameters: { answer: run.payload.answer } };
  }
  const waiting = run.config.waitForAnswer === true ? answerLinks(run, deps) : null;
  const values = waiting ? { ...run.values, ...waiting.links } : run.values;
  const to = fillTemplate(stringOr(run.config.to, ''), run.values).trim();
  const subject = fillTemplate(stringOr(run.config.subject, run.stage.name || 'Notification'), run.values);
  let body = fillTemplate(stringOr(run.config.body, ''), values);
  if (waiting && !waiting.namesLinks) body += appendedLinks(waiting.accept, waiting.decline);
  if (!EMAIL.test(to)) return { kind: 'fail', error: `E-mail stage '${run.stage.key}' has no valid recipient (got '${to}')`, parameters: { to } };
  try {
    await deps.mailer.send({ workspaceId: run.instance.workspace_id, to, subject, body });
  } catch (error) {
    return { kind: 'fail', error: `Sending the e-mail failed: ${error instanceof Error ? error.message : String(error)}`, parameters: { to, subject } };
  }
  if (waiting) return { kind: 'wait-answer', codeHash: waiting.codeHash, parameters: { to, subject, waitingForAnswer: true } };
  return { kind: 'advance', exported: {}, parameters: { to, subject } };
};
