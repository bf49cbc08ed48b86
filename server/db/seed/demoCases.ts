import type { CaseStatus } from '../domainTables.ts';
import {
  IDS,
  MEMBERS,
  SLA,
  TEAM_MEMBERS,
  stateDescription,
  stateId,
  type CaseTypeId,
  type DemoMember,
  type FlowKey,
  type TeamKey,
  caseTypeRowId,
} from './demoDefinitions.ts';
import type { Random } from '../../../src/domain/random.ts';
import type { BatchFigures } from './batchFigures.ts';
import { json, type SeedRow } from './seedRows.ts';

/**
 * The demo's cases over the last 90 days with their history, logs and notes, the two batches, and the plan of
 * the 40 open tickets (each on a case in PROGRESS). Everything is drawn from the seeded generator.
 */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export const DEMO_BATCHES = { done: 'bat-demo-0001', pending: 'bat-demo-0002' } as const;

export const CASE_COUNT = 200;
export const TICKET_COUNT = 40;
const BATCH_CASES = 5;

export type Light = 'green' | 'yellow' | 'red';

/**
 * Elapsed share of the SLA per light indicator, kept clear of every demo team's thresholds (50/75 and 40/70)
 * so each ticket shows the intended colour whichever team it is in.
 */
const SHARE_RANGE: Record<Light, readonly [number, number]> = {
  green: [0.05, 0.33],
  yellow: [0.55, 0.66],
  red: [0.8, 1.6],
};
const LIGHTS: readonly Light[] = [
  ...Array<Light>(16).fill('green'),
  ...Array<Light>(12).fill('yellow'),
  ...Array<Light>(12).fill('red'),
];

/** Where a team's tickets come from: the app, its human stage and the state the case is in meanwhile. */
export type Route = {
  team: TeamKey;
  flow: FlowKey;
  eventId: string | null;
  stageKey: string;
  caseTypeId: CaseTypeId;
  path: readonly string[];
  slaSeconds: number;
  /** How long before the ticket the case was created, in ms. */
  lead: readonly [number, number];
};

export const ROUTES: Record<TeamKey, Route> = {
  claims: { team: 'claims', flow: 'claims', eventId: IDS.events.claimsDaily, stageKey: 'review', caseTypeId: 'CLAIM', path: ['RECEIVED', 'REVIEW'], slaSeconds: SLA.claims, lead: [2 * MINUTE_MS, 30 * MINUTE_MS] },
  field: { team: 'field', flow: 'inspections', eventId: null, stageKey: 'inspection', caseTypeId: 'CLAIM', path: ['RECEIVED', 'REVIEW', 'FIELD_VISIT'], slaSeconds: SLA.field, lead: [2 * DAY_MS, 10 * DAY_MS] },
  backOffice: { team: 'backOffice', flow: 'onboarding', eventId: IDS.events.onboardingHook, stageKey: 'verify', caseTypeId: 'ONBOARDING', path: ['NEW', 'DOCS', 'VERIFY'], slaSeconds: SLA.backOffice, lead: [1 * DAY_MS, 3 * DAY_MS] },
};
const TEAM_ORDER: readonly TeamKey[] = ['claims', 'field', 'backOffice'];

export type TicketPlan = {
  route: Route;
  light: Light;
  createdAt: Date;
  assignee: DemoMember | null;
  claimedAt: Date | null;
};

export type CaseData = Record<string, string | number>;

export type CasePlan = {
  id: string;
  typeId: CaseTypeId;
  status: CaseStatus;
  /** State keys reached in order; the last is the current state. */
  path: readonly string[];
  createdAt: Date;
  /** When the case reached its current state. */
  settledAt: Date;
  closing: Date | null;
  customerId: string;
  category: string;
  data: CaseData;
  batchId: string | null;
  ticket: TicketPlan | null;
};

const FIRST_NAMES = ['Lucía', 'Mateo', 'Sofía', 'Diego', 'Valentina', 'Carlos', 'Emma', 'Javier', 'Olivia', 'Andrés', 'Camila', 'Noah', 'Isabel', 'Tomás', 'Grace'] as const;
const LAST_NAMES = ['García', 'Martínez', 'Smith', 'Hernández', 'Nguyen', 'Rossi', 'Johnson', 'Ramírez', 'Kowalski', 'Torres', 'Brown', 'Santos'] as const;
const CUSTOMERS = Array.from({ length: 120 }, (_, k) => {
  const name = `${FIRST_NAMES[k % FIRST_NAMES.length]} ${LAST_NAMES[(k * 7 + Math.floor(k / FIRST_NAMES.length)) % LAST_NAMES.length]}`;
  const slug = name.normalize('NFD').replace(/[^A-Za-z ]/g, '').toLowerCase().replace(' ', '.');
  return { id: `CUST-${1001 + k}`, name, email: `${slug}${k}@example.com` };
});

const PATHS: Record<CaseTypeId, Record<CaseStatus, readonly (readonly string[])[]>> = {
  CLAIM: {
    CREATED: [['RECEIVED']],
    PROGRESS: [['RECEIVED', 'REVIEW'], ['RECEIVED', 'REVIEW', 'FIELD_VISIT'], ['RECEIVED', 'REVIEW', 'AUDIT']],
    COMPLETED: [['RECEIVED', 'REVIEW', 'APPROVED'], ['RECEIVED', 'REVIEW', 'APPROVED'], ['RECEIVED', 'REVIEW', 'FIELD_VISIT', 'APPROVED'], ['RECEIVED', 'REVIEW', 'REJECTED']],
  },
  ONBOARDING: {
    CREATED: [['NEW']],
    PROGRESS: [['NEW', 'DOCS'], ['NEW', 'DOCS', 'VERIFY']],
    COMPLETED: [['NEW', 'DOCS', 'VERIFY', 'ACTIVE'], ['NEW', 'DOCS', 'VERIFY', 'ACTIVE'], ['NEW', 'DOCS', 'DENIED']],
  },
};

export const pad = (n: number): string => String(n).padStart(4, '0');
const isoDate = (date: Date): string => date.toISOString().slice(0, 10);
const later = (date: Date, ms: number): Date => new Date(date.getTime() + ms);

/** MM-DD-YYYY HH:mm, the spec's date format for cases (in UTC here). */
function caseDate(date: Date): string {
  const [y, m, d] = isoDate(date).split('-');
  return `${m}-${d}-${y} ${date.toISOString().slice(11, 16)}`;
}

function caseData(random: Random, typeId: CaseTypeId, customer: (typeof CUSTOMERS)[number], createdAt: Date): { category: string; data: CaseData } {
  if (typeId === 'CLAIM') {
    const category = random.pick(['Auto', 'Home', 'Health']);
    const incident = later(createdAt, -random.int(0, 10) * DAY_MS);
    return {
      category,
      data: { customerName: customer.name, email: customer.email, policyNumber: `PN-${random.int(100000, 999999)}`, amount: random.int(200, 12000), incidentDate: isoDate(incident) },
    };
  }
  return { category: random.pick(['Retail', 'Business']), data: { customerName: customer.name, email: customer.email, plan: random.pick(['Basic', 'Plus', 'Business']) } };
}

/** Draws the 200 cases: 40 behind open tickets, 5 from a batch, the rest anywhere in the last 90 days. */
export function planCases(random: Random, now: Date): CasePlan[] {
  const plans: Omit<CasePlan, 'id'>[] = [];
  const customerFor = () => random.pick(CUSTOMERS);
  const nowMs = now.getTime();

  random.shuffle(LIGHTS).forEach((light, i) => {
    const route = ROUTES[TEAM_ORDER[i % TEAM_ORDER.length] ?? 'claims'];
    const [low, high] = SHARE_RANGE[light];
    const share = low + random.next() * (high - low);
    const ticketAt = new Date(nowMs - Math.round(share * route.slaSeconds * 1000));
    const createdAt = later(ticketAt, -random.int(route.lead[0], route.lead[1]));
    const assigned = random.chance(0.55);
    const memberId = random.pick(TEAM_MEMBERS[route.team]);
    const assignee = assigned ? (MEMBERS.find((m) => m.id === memberId) ?? null) : null;
    const sinceTicket = nowMs - ticketAt.getTime();
    const customer = customerFor();
    plans.push({
      typeId: route.caseTypeId,
      status: 'PROGRESS',
      path: route.path,
      createdAt,
      settledAt: ticketAt,
      closing: null,
      customerId: customer.id,
      ...caseData(random, route.caseTypeId, customer, createdAt),
      batchId: null,
      ticket: {
        route,
        light,
        createdAt: ticketAt,
        assignee,
        claimedAt: assignee ? later(ticketAt, Math.round(random.next() * Math.min(sinceTicket, 2 * HOUR_MS))) : null,
      },
    });
  });

  const batchAt = new Date(nowMs - 20 * DAY_MS);
  for (let i = 0; i < BATCH_CASES; i++) {
    const createdAt = later(batchAt, i * 45_000);
    const closing = later(createdAt, random.int(2, 6) * DAY_MS);
    const customer = customerFor();
    plans.push({
      typeId: 'ONBOARDING',
      status: 'COMPLETED',
      path: ['NEW', 'DOCS', 'VERIFY', 'ACTIVE'],
      createdAt,
      settledAt: closing,
      closing,
      customerId: customer.id,
      ...caseData(random, 'ONBOARDING', customer, createdAt),
      batchId: DEMO_BATCHES.done,
      ticket: null,
    });
  }

  while (plans.length < CASE_COUNT) {
    const typeId: CaseTypeId = random.chance(0.6) ? 'CLAIM' : 'ONBOARDING';
    const roll = random.next();
    const status: CaseStatus = roll < 0.25 ? 'CREATED' : roll < 0.6 ? 'PROGRESS' : 'COMPLETED';
    // Created at least two hours ago and settled (moved on, or closed) at least an hour later, before now.
    const createdAt = new Date(nowMs - 2 * HOUR_MS - Math.round(random.next() * 88 * DAY_MS));
    const settledAt =
      status === 'CREATED'
        ? createdAt
        : new Date(Math.min(createdAt.getTime() + random.int(HOUR_MS, (status === 'COMPLETED' ? 20 : 10) * DAY_MS), nowMs - HOUR_MS));
    const customer = customerFor();
    plans.push({
      typeId,
      status,
      path: random.pick(PATHS[typeId][status]),
      createdAt,
      settledAt,
      closing: status === 'COMPLETED' ? settledAt : null,
      customerId: customer.id,
      ...caseData(random, typeId, customer, createdAt),
      batchId: null,
      ticket: null,
    });
  }

  return plans
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((plan, i) => ({ ...plan, id: `case-demo-${pad(i + 1)}` }));
}

const NOTE_TITLES = ['Customer called', 'Documents pending', 'Follow-up', 'Adjuster comment', 'Escalation'] as const;
const NOTE_TEXTS = [
  'The customer asked for an update on the case.',
  'Waiting for a clearer copy of the ID document.',
  'Agreed to call back tomorrow morning.',
  'Photos received by e-mail and attached.',
  'Amount confirmed with the customer.',
] as const;
const AUTHORS = [MEMBERS[0], MEMBERS[1]] as const;

const actorsOf = (typeId: CaseTypeId): readonly DemoMember[] =>
  MEMBERS.filter((m) => (typeId === 'CLAIM' ? TEAM_MEMBERS.claims : TEAM_MEMBERS.backOffice).includes(m.id));

/** Rows of the cases, their history, logs and notes. */
export function caseRows(random: Random, cases: readonly CasePlan[]) {
  const rows: SeedRow<'cases'>[] = [];
  const history: SeedRow<'case_history'>[] = [];
  const logs: SeedRow<'case_logs'>[] = [];
  const notes: SeedRow<'case_notes'>[] = [];

  for (const plan of cases) {
    const current = plan.path.at(-1) ?? plan.path[0] ?? '';
    const isClaim = plan.typeId === 'CLAIM';
    rows.push({
      id: plan.id,
      case_type_id: caseTypeRowId(plan.typeId),
      state_id: stateId(plan.typeId, current),
      status: plan.status,
      customer_id: plan.customerId,
      category: plan.category,
      description: isClaim ? `${plan.category} claim for policy ${plan.data.policyNumber}` : `Onboarding of ${plan.data.customerName} (${plan.data.plan} plan)`,
      data: json(plan.data),
      batch_id: plan.batchId,
      closing: plan.closing,
      created_at: plan.createdAt,
      updated_at: plan.settledAt,
    });

    const steps = plan.path.length;
    const span = plan.settledAt.getTime() - plan.createdAt.getTime();
    const actors = actorsOf(plan.typeId);
    let logNo = 0;
    const log = (date: Date, action: string, field: string, value: string) => {
      logNo += 1;
      logs.push({ id: `${plan.id}-l${logNo}`, case_id: plan.id, date, action_description: action, field_changed: field, new_value: value, created_at: date, updated_at: date });
    };
    plan.path.forEach((key, k) => {
      const date = k === 0 ? plan.createdAt : later(plan.createdAt, Math.round((span * k) / (steps - 1)));
      const description = stateDescription(plan.typeId, key);
      const actor = k === 0 ? null : random.pick(actors);
      const previous = k === 0 ? null : plan.path[k - 1];
      history.push({
        id: `${plan.id}-h${k + 1}`,
        case_id: plan.id,
        state_id: stateId(plan.typeId, key),
        field_new_data: key,
        transaction_date: date,
        event_type: k === 0 ? 'CASE_CREATED' : 'STATE_CHANGE',
        event_details: previous ? `${stateDescription(plan.typeId, previous)} → ${description}` : plan.batchId ? `Created by batch ${plan.batchId}` : 'Created by the workflow engine',
        event_description: description,
        agent_prefix: actor?.initials ?? 'UE',
        created_at: date,
        updated_at: date,
      });
      if (k === 0) log(date, 'Case created', 'status', 'CREATED');
      else {
        if (k === 1) log(date, 'Status changed', 'status', 'PROGRESS');
        log(date, 'State changed', 'state', description);
      }
    });
    if (plan.closing) log(plan.closing, 'Case closed', 'status', 'COMPLETED');

    if (random.chance(0.25)) {
      const author = random.pick(AUTHORS);
      const entry = later(plan.createdAt, Math.round(random.next() * span));
      const edited = random.chance(0.2);
      const details = `${author.name} ${caseDate(entry)}${edited ? ' (Editado)' : ''}`;
      notes.push({
        id: `${plan.id}-n1`,
        case_id: plan.id,
        note_text: [random.pick(NOTE_TITLES), details, random.pick(NOTE_TEXTS), author.initials].join('///'),
        author_user_id: author.userId,
        member_id: author.id,
        case_state_description: stateDescription(plan.typeId, current),
        entry_date: entry,
        edited,
        created_at: entry,
        updated_at: entry,
      });
    }
  }
  return { cases: rows, caseHistory: history, caseLogs: logs, caseNotes: notes };
}

/** A processed sign-up import (its lines are the batch cases) and a claims import not started yet. */
export function batchRows(random: Random, now: Date, cases: readonly CasePlan[]) {
  const imported = cases.filter((c) => c.batchId === DEMO_BATCHES.done);
  const first = imported[0]?.createdAt ?? now;
  const admin = MEMBERS[0];
  const agent = MEMBERS[1];
  const pendingAt = new Date(now.getTime() - DAY_MS);
  const pendingRows = Array.from({ length: 4 }, () => {
    const customer = random.pick(CUSTOMERS);
    return { customerName: customer.name, email: customer.email, policyNumber: `PN-${random.int(100000, 999999)}`, amount: String(random.int(200, 9000)) };
  });
  const batches: SeedRow<'batches'>[] = [
    {
      id: DEMO_BATCHES.done,
      name: 'Sign-ups import',
      description: 'Customers who signed up at the branch fair',
      status: 'COMPLETED',
      case_type_id: caseTypeRowId(IDS.caseTypes.onboarding),
      user_id: admin.userId,
      user_name: admin.name,
      batch_data: json(imported.map((c) => ({ customerName: c.data.customerName, email: c.data.email, plan: c.data.plan }))),
      processed_at: later(first, 5 * MINUTE_MS),
      created_at: later(first, -10 * MINUTE_MS),
      updated_at: later(first, 5 * MINUTE_MS),
    },
    {
      id: DEMO_BATCHES.pending,
      name: 'Pending claims import',
      description: 'Claims received by e-mail, to be registered',
      status: 'UNPROCESSED',
      case_type_id: caseTypeRowId(IDS.caseTypes.claim),
      user_id: agent.userId,
      user_name: agent.name,
      batch_data: json(pendingRows),
      processed_at: null,
      created_at: pendingAt,
      updated_at: pendingAt,
    },
  ];
  const lines: SeedRow<'batch_lines'>[] = [
    ...imported.map((c, k) => ({
      id: `${DEMO_BATCHES.done}-l${k + 1}`,
      batch_id: DEMO_BATCHES.done,
      line_id: String(k + 1),
      case_id: c.id,
      status: 'COMPLETED' as const,
      data: json({ customerName: c.data.customerName, email: c.data.email, plan: c.data.plan }),
      state: stateDescription(c.typeId, c.path.at(-1) ?? 'NEW'),
      processed_at: c.createdAt,
      created_at: later(first, -10 * MINUTE_MS),
      updated_at: c.createdAt,
    })),
    ...pendingRows.map((row, k) => ({
      id: `${DEMO_BATCHES.pending}-l${k + 1}`,
      batch_id: DEMO_BATCHES.pending,
      line_id: String(k + 1),
      case_id: null,
      status: 'UNPROCESSED' as const,
      data: json(row),
      state: 'Ready To Start',
      processed_at: null,
      created_at: pendingAt,
      updated_at: pendingAt,
    })),
  ];
  const figures: BatchFigures[] = [
    { id: DEMO_BATCHES.done, header: ['customerName', 'email', 'plan'], lines: imported.length, done: imported.length },
    { id: DEMO_BATCHES.pending, header: ['customerName', 'email', 'policyNumber', 'amount'], lines: pendingRows.length, done: 0 },
  ];
  return { batches, batchLines: lines, figures };
}
