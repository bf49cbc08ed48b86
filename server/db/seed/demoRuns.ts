import type { InstanceStageStatus, InstanceStatus, NodeType } from '../domainTables.ts';
import { DEMO_WEBHOOK, FLOWS, IDS, templateOfStage, type FlowKey } from './demoDefinitions.ts';
import { DAY_MS, HOUR_MS, pad, type CasePlan, type TicketPlan } from './demoCases.ts';
import type { AppActivity } from './demoConfig.ts';
import type { Random } from '../../../src/domain/random.ts';
import { json, type SeedRow } from './seedRows.ts';

/**
 * App instances behind the demo's cases: one RUNNING instance parked on a human stage for every open ticket,
 * plus finished (COMPLETED, DONE) and failed (ERROR) ones, their stages, the tickets, and the webhook and API
 * traces those runs would have left.
 */
type StagePlan = {
  key: string;
  nodeType: NodeType;
  templateId: string;
  status: InstanceStageStatus;
  startedAt: Date;
  finishedAt: Date | null;
  values: Record<string, string | number | boolean>;
  error: string | null;
};

type InstancePlan = {
  casePlan: CasePlan;
  flow: FlowKey;
  eventId: string | null;
  status: InstanceStatus;
  startAt: Date;
  endAt: Date | null;
  stages: StagePlan[];
  error: string | null;
  ticket: TicketPlan | null;
};

const FINISHED = { completed: 12, done: 4, failed: 4 } as const;
const POLICY_TIMEOUT = 'Policy lookup timed out after 5000 ms';

const later = (date: Date, ms: number): Date => new Date(date.getTime() + ms);

function stage(
  flow: FlowKey,
  key: string,
  status: InstanceStageStatus,
  startedAt: Date,
  finishedAt: Date | null,
  values: StagePlan['values'] = {},
  error: string | null = null,
): StagePlan {
  const template = templateOfStage(flow, key);
  return { key, nodeType: template.nodeType, templateId: template.id, status, startedAt, finishedAt, values, error };
}

/** The automated start of a claim: start, policy lookup (an HTTP call), risk score. */
function claimOpening(random: Random, casePlan: CasePlan, t0: Date): StagePlan[] {
  const lookupMs = random.chance(0.1) ? random.int(5200, 7000) : random.int(80, 1500);
  const lookupEnd = later(t0, 1000 + lookupMs);
  const amount = Number(casePlan.data.amount ?? 0);
  const riskScore = amount > 5000 ? 'high' : amount > 1000 ? 'medium' : 'low';
  return [
    stage('claims', 'start', 'success', t0, t0),
    stage('claims', 'policy', 'success', later(t0, 1000), lookupEnd, { policyStatus: 'active' }),
    stage('claims', 'score', 'success', later(lookupEnd, 200), later(lookupEnd, 260), { riskScore }),
  ];
}

function runningInstance(random: Random, casePlan: CasePlan, ticket: TicketPlan): InstancePlan {
  const { flow, stageKey, eventId } = ticket.route;
  const t0 = flow === 'inspections' ? later(ticket.createdAt, -2000) : casePlan.createdAt;
  const opening = flow === 'claims' ? claimOpening(random, casePlan, t0) : [stage(flow, 'start', 'success', t0, t0)];
  return {
    casePlan,
    flow,
    eventId,
    status: 'RUNNING',
    startAt: t0,
    endAt: null,
    stages: [...opening, stage(flow, stageKey, 'waiting', ticket.createdAt, null)],
    error: null,
    ticket,
  };
}

function finishedInstance(random: Random, casePlan: CasePlan, status: 'COMPLETED' | 'DONE'): InstancePlan {
  const t0 = casePlan.createdAt;
  const closing = casePlan.closing ?? casePlan.settledAt;
  const rejected = casePlan.path.includes('REJECTED') || casePlan.path.includes('DENIED');
  if (casePlan.typeId === 'CLAIM') {
    const decision = rejected ? 'reject' : casePlan.path.includes('FIELD_VISIT') ? 'visit' : 'approve';
    const stages = [
      ...claimOpening(random, casePlan, t0),
      stage('claims', 'review', 'success', later(t0, 3000), later(closing, -2000), { decision, notes: 'Checked against the policy terms' }),
      stage('claims', 'notify', 'success', later(closing, -1000), later(closing, -900), { sentTo: String(casePlan.data.email) }),
      stage('claims', 'end', 'success', closing, closing),
    ];
    return { casePlan, flow: 'claims', eventId: IDS.events.claimsDaily, status, startAt: t0, endAt: closing, stages, error: null, ticket: null };
  }
  const accountId = `ACC-${casePlan.id.slice(-4)}`;
  const stages = [
    stage('onboarding', 'start', 'success', t0, t0),
    stage('onboarding', 'verify', 'success', later(t0, 1000), later(closing, -HOUR_MS - 1000), { idChecked: !rejected, addressChecked: !rejected }),
    ...(rejected ? [] : [stage('onboarding', 'wait', 'success', later(closing, -HOUR_MS), later(closing, -1000))]),
    stage('onboarding', 'end', 'success', closing, closing, rejected ? {} : { accountId }),
  ];
  return { casePlan, flow: 'onboarding', eventId: IDS.events.onboardingHook, status, startAt: t0, endAt: closing, stages, error: null, ticket: null };
}

function failedInstance(casePlan: CasePlan): InstancePlan {
  const t0 = casePlan.createdAt;
  const failedAt = later(t0, 6000);
  return {
    casePlan,
    flow: 'claims',
    eventId: IDS.events.claimsDaily,
    status: 'ERROR',
    startAt: t0,
    endAt: failedAt,
    stages: [stage('claims', 'start', 'success', t0, t0), stage('claims', 'policy', 'failed', later(t0, 1000), failedAt, {}, POLICY_TIMEOUT)],
    error: POLICY_TIMEOUT,
    ticket: null,
  };
}

export function planInstances(random: Random, cases: readonly CasePlan[]): InstancePlan[] {
  const plans: InstancePlan[] = [];
  for (const c of cases) if (c.ticket) plans.push(runningInstance(random, c, c.ticket));
  const free = cases.filter((c) => !c.ticket && !c.batchId);
  const completed = random.shuffle(free.filter((c) => c.status === 'COMPLETED'));
  completed.slice(0, FINISHED.completed).forEach((c) => plans.push(finishedInstance(random, c, 'COMPLETED')));
  completed.slice(FINISHED.completed, FINISHED.completed + FINISHED.done).forEach((c) => plans.push(finishedInstance(random, c, 'DONE')));
  const stuck = random.shuffle(free.filter((c) => c.status === 'PROGRESS' && c.typeId === 'CLAIM'));
  stuck.slice(0, FINISHED.failed).forEach((c) => plans.push(failedInstance(c)));
  return plans.sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
}

/** Rows of instances, their stages, the tickets, the traces, and each app's activity for its statistics. */
export function runRows(random: Random, now: Date, plans: readonly InstancePlan[]) {
  const instances: SeedRow<'instances'>[] = [];
  const instanceStages: SeedRow<'instance_stages'>[] = [];
  const tickets: SeedRow<'tickets'>[] = [];
  const webhookExecutions: SeedRow<'webhook_executions'>[] = [];
  const externalApiExecutions: SeedRow<'external_api_executions'>[] = [];
  const activity: Record<string, AppActivity> = {};

  plans.forEach((plan, i) => {
    const id = `inst-demo-${pad(i + 1)}`;
    const flow = FLOWS[plan.flow];
    const c = plan.casePlan;
    const values = Object.assign({ caseId: c.id }, c.data, ...plan.stages.map((s) => s.values)) as Record<string, string | number | boolean>;
    const updatedAt = plan.endAt ?? plan.stages.at(-1)?.startedAt ?? plan.startAt;
    const app = (activity[flow.appId] ??= { instances: 0, executedPoints: 0 });
    app.instances += 1;
    app.executedPoints += plan.stages.filter((s) => s.status === 'success').length;

    instances.push({
      id,
      app_id: flow.appId,
      flow_id: flow.id,
      event_id: plan.eventId,
      case_id: c.id,
      name: `${flow.appName} ${c.id}`,
      status: plan.status,
      values: json(values),
      stage_history: json(
        plan.stages.map((s) => ({
          stage: s.key,
          stage_type: s.nodeType,
          source: s.templateId,
          success: s.status === 'success',
          timestamp: (s.finishedAt ?? s.startedAt).toISOString(),
          parameters: s.values,
        })),
      ),
      current_stage: plan.status === 'RUNNING' || plan.status === 'ERROR' ? (plan.stages.at(-1)?.key ?? null) : null,
      start_date: plan.startAt,
      end_date: plan.endAt,
      error: plan.error,
      attempt: plan.status === 'ERROR' ? 3 : 0,
      created_at: plan.startAt,
      updated_at: updatedAt,
    });

    plan.stages.forEach((s, seq) => {
      instanceStages.push({
        id: `${id}-s${seq + 1}`,
        instance_id: id,
        stage_key: s.key,
        node_type: s.nodeType,
        status: s.status,
        seq: seq + 1,
        values: json(s.values),
        started_at: s.startedAt,
        finished_at: s.finishedAt,
        error: s.error,
        created_at: s.startedAt,
        updated_at: s.finishedAt ?? s.startedAt,
      });
      if (s.key === 'policy') {
        const failed = s.status === 'failed';
        const url = `https://api.example.com/policies/${c.data.policyNumber}`;
        externalApiExecutions.push({
          id: `api-demo-${pad(externalApiExecutions.length + 1)}`,
          instance_id: id,
          stage_key: s.key,
          request_method: 'GET',
          request_url: url,
          request_headers: json({ accept: 'application/json' }),
          request_body: null,
          response_status: failed ? null : 200,
          response_headers: failed ? null : json({ 'content-type': 'application/json' }),
          response_body: failed ? null : json({ policyNumber: c.data.policyNumber, status: 'active' }),
          status: failed ? 'error' : 'success',
          duration_ms: (s.finishedAt ?? s.startedAt).getTime() - s.startedAt.getTime(),
          error_message: s.error,
          error_code: failed ? 'ETIMEDOUT' : null,
          initiated_by: 'engine',
          executed_at: s.startedAt,
          created_at: s.startedAt,
          updated_at: s.finishedAt ?? s.startedAt,
        });
      }
    });

    if (plan.flow === 'onboarding') {
      const at = later(plan.startAt, -500);
      webhookExecutions.push({
        id: `whx-demo-${pad(webhookExecutions.length + 1)}`,
        webhook_id: DEMO_WEBHOOK.id,
        event_id: plan.eventId,
        instance_id: id,
        status: 'success',
        request_url: DEMO_WEBHOOK.url,
        request_method: 'POST',
        request_headers: json({ 'content-type': 'application/json', authorization: 'Bearer ****' }),
        request_body: json({ customerName: c.data.customerName, email: c.data.email, plan: c.data.plan }),
        response_status: 202,
        response_headers: json({ 'content-type': 'application/json' }),
        response_body: json({ instanceId: id }),
        response_time_ms: random.int(30, 300),
        error_message: null,
        idempotency_key: `signup-${c.customerId}-${c.id}`,
        executed_at: at,
        created_at: at,
        updated_at: at,
      });
    }

    const ticket = plan.ticket;
    if (ticket) {
      const template = templateOfStage(plan.flow, ticket.route.stageKey);
      const dueAt = later(ticket.createdAt, ticket.route.slaSeconds * 1000);
      const description =
        ticket.route.team === 'claims'
          ? `Review ${c.category.toLowerCase()} claim ${c.data.policyNumber}`
          : ticket.route.team === 'field'
            ? `Inspect the damage of claim ${c.data.policyNumber}`
            : `Verify the documents of ${c.data.customerName}`;
      tickets.push({
        id: `tkt-demo-${pad(tickets.length + 1)}`,
        case_id: c.id,
        instance_id: id,
        stage_key: ticket.route.stageKey,
        operation: c.id,
        contact: String(c.data.email),
        contact_name: String(c.data.customerName),
        description,
        team_id: IDS.teams[ticket.route.team],
        assignee_member_id: ticket.assignee?.id ?? null,
        assignee_user_id: ticket.assignee?.userId ?? null,
        status: ticket.assignee ? 'assigned' : 'unassigned',
        state: 'open',
        template: template.html ?? '',
        initial_values: json(values),
        data: json({}),
        sla_seconds: ticket.route.slaSeconds,
        due_at: dueAt,
        claimed_at: ticket.claimedAt,
        created_at: ticket.createdAt,
        updated_at: ticket.claimedAt ?? ticket.createdAt,
      });
    }
  });

  const rejectedAt = new Date(now.getTime() - 3 * DAY_MS);
  webhookExecutions.push({
    id: `whx-demo-${pad(webhookExecutions.length + 1)}`,
    webhook_id: DEMO_WEBHOOK.id,
    event_id: IDS.events.onboardingHook,
    instance_id: null,
    status: 'error',
    request_url: DEMO_WEBHOOK.url,
    request_method: 'POST',
    request_headers: json({ 'content-type': 'application/json' }),
    request_body: json({ customerName: 'Unknown sender' }),
    response_status: 401,
    response_headers: json({ 'content-type': 'application/json' }),
    response_body: json({ code: 'invalid-token', message: 'Invalid webhook token' }),
    response_time_ms: 12,
    error_message: 'Invalid webhook token',
    idempotency_key: null,
    executed_at: rejectedAt,
    created_at: rejectedAt,
    updated_at: rejectedAt,
  });
  const lookups = [
    { status: 200, ms: 6200, daysAgo: 2, url: 'https://api.example.com/documents/lookup' },
    { status: 404, ms: 340, daysAgo: 1, url: 'https://api.example.com/documents/unknown' },
  ];
  for (const lookup of lookups) {
    const at = new Date(now.getTime() - lookup.daysAgo * DAY_MS);
    const ok = lookup.status < 400;
    externalApiExecutions.push({
      id: `api-demo-${pad(externalApiExecutions.length + 1)}`,
      instance_id: null,
      stage_key: null,
      request_method: 'POST',
      request_url: lookup.url,
      request_headers: json({ 'content-type': 'application/json' }),
      request_body: json({ documentId: 'DOC-4411' }),
      response_status: lookup.status,
      response_headers: json({ 'content-type': 'application/json' }),
      response_body: json(ok ? { found: true, pages: 3 } : { error: 'Not found' }),
      status: ok ? 'success' : 'error',
      duration_ms: lookup.ms,
      error_message: ok ? null : 'Remote answered 404 Not Found',
      error_code: ok ? null : 'HTTP_404',
      initiated_by: IDS.users.admin,
      client_ip: '203.0.113.10',
      user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36',
      executed_at: at,
      created_at: at,
      updated_at: at,
    });
  }

  return { instances, instanceStages, tickets, webhookExecutions, externalApiExecutions, activity };
}
