import type { NodeType } from '../domainTables.ts';
import type { UserRole, UserStatus } from '../schema.ts';
import { CLAIM_REVIEW_HTML, INSPECTION_HTML, VERIFY_HTML } from './demoHtml.ts';
import { MODULE_KEYS } from '../../../src/domain/access/modules.ts';

/**
 * What the demo workspace holds: accounts, ids, members, case states, node templates and flows. Ids are fixed
 * and readable so tests and demos can refer to them.
 */
export const DEMO_WORKSPACE = { id: 'ws-demo', name: 'Demo Workspace' } as const;
/** The one global CORS origin of the demo (workspace null): allowed for every workspace, read-only in Settings. */
export const DEMO_GLOBAL_ORIGIN = { id: 'cors-global-status', origin: 'https://status.workflow-console.example', description: 'Service status page' } as const;

export type DemoAccount = {
  username: string;
  password: string;
  role: UserRole;
  name: string;
  status: UserStatus;
};

/** Sign-in accounts of the demo workspace (username = e-mail). Status 1 is Inactive, 2 Expired (part 1 §4). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { username: 'admin@demo.local', password: 'Admin#2026', role: 'ADMIN', name: 'Ada Admin', status: 0 },
  { username: 'agent@demo.local', password: 'Agent#2026', role: 'NORMAL', name: 'Nico Agent', status: 0 },
  { username: 'inactive@demo.local', password: 'Inactive#2026', role: 'NORMAL', name: 'Iris Inactive', status: 1 },
  { username: 'expired@demo.local', password: 'Expired#2026', role: 'NORMAL', name: 'Ezra Expired', status: 2 },
];

/** The onboarding webhook's token, so a demo or a test can call POST /hooks/{id}. Stored only as SHA-256. */
export const DEMO_WEBHOOK = {
  id: 'whk-demo-onboarding',
  url: '/hooks/whk-demo-onboarding',
  token: 'demo-onboarding-hook-token-2026',
} as const;

/** Part 1 §1 module keys: the admin has them all. */
export const ALL_MODULES = MODULE_KEYS;
export const AGENT_MODULES = ['DASHBOARD', 'HUMAN INTERFACE', 'BATCHES', 'WA'] as const;

export const USER_IDS = ['usr-demo-admin', 'usr-demo-agent', 'usr-demo-inactive', 'usr-demo-expired'] as const;

export const IDS = {
  users: { admin: 'usr-demo-admin', agent: 'usr-demo-agent' },
  engines: { main: 'eng-demo-main', sandbox: 'eng-demo-sandbox' },
  calendar: 'cal-demo-mx',
  teams: { claims: 'team-demo-claims', field: 'team-demo-field', backOffice: 'team-demo-back-office' },
  apps: { claims: 'app-demo-claims', onboarding: 'app-demo-onboarding', inspections: 'app-demo-inspections' },
  flows: { claims: 'flow-demo-claims', onboarding: 'flow-demo-onboarding', inspections: 'flow-demo-inspections' },
  events: { claimsDaily: 'evt-demo-claims-daily', onboardingHook: 'evt-demo-onboarding-hook' },
  caseTypes: { claim: 'CLAIM', onboarding: 'ONBOARDING' },
  form: 'fdf-demo-claims',
} as const;

export type TeamKey = keyof typeof IDS.teams;
export type CaseTypeId = (typeof IDS.caseTypes)[keyof typeof IDS.caseTypes];
/** The case type's internal row id; CaseTypeId is its code (what an administrator types). */
export const caseTypeRowId = (code: CaseTypeId): string => `ct-demo-${code.toLowerCase()}`;

/** Humans who work tickets; the first two are the demo users. `initials` is the agent prefix of their entries. */
export const MEMBERS = [
  { id: 'mbr-demo-ada', name: 'Ada Admin', email: 'admin@demo.local', userId: IDS.users.admin, initials: 'AA' },
  { id: 'mbr-demo-nico', name: 'Nico Agent', email: 'agent@demo.local', userId: IDS.users.agent, initials: 'NA' },
  { id: 'mbr-demo-maria', name: 'María López', email: 'maria.lopez@demo.local', userId: null, initials: 'ML' },
  { id: 'mbr-demo-sam', name: 'Sam Patel', email: 'sam.patel@demo.local', userId: null, initials: 'SP' },
  { id: 'mbr-demo-lena', name: 'Lena Fischer', email: 'lena.fischer@demo.local', userId: null, initials: 'LF' },
  { id: 'mbr-demo-omar', name: 'Omar Haddad', email: 'omar.haddad@demo.local', userId: null, initials: 'OH' },
] as const;
export type DemoMember = (typeof MEMBERS)[number];

export const TEAM_MEMBERS: Record<TeamKey, readonly DemoMember['id'][]> = {
  claims: ['mbr-demo-ada', 'mbr-demo-nico', 'mbr-demo-maria'],
  field: ['mbr-demo-nico', 'mbr-demo-sam', 'mbr-demo-omar'],
  backOffice: ['mbr-demo-lena', 'mbr-demo-maria'],
};

type StateDef = { key: string; description: string; order: number; hide?: boolean };

/** Ordered states; order -1 and hidden states are left out of case progress (part 2 §2). */
export const CASE_STATES: Record<CaseTypeId, readonly StateDef[]> = {
  CLAIM: [
    { key: 'RECEIVED', description: 'Received', order: 1 },
    { key: 'REVIEW', description: 'Under review', order: 2 },
    { key: 'FIELD_VISIT', description: 'Field visit', order: 3 },
    { key: 'APPROVED', description: 'Approved', order: 4 },
    { key: 'AUDIT', description: 'Internal audit', order: 5, hide: true },
    { key: 'REJECTED', description: 'Denegado', order: -1 },
  ],
  ONBOARDING: [
    { key: 'NEW', description: 'New request', order: 1 },
    { key: 'DOCS', description: 'Documents received', order: 2 },
    { key: 'VERIFY', description: 'Verification', order: 3 },
    { key: 'ACTIVE', description: 'Active customer', order: 4 },
    { key: 'DENIED', description: 'Denegado', order: -1 },
  ],
};

export const stateId = (caseTypeId: CaseTypeId, key: string): string =>
  `cst-demo-${caseTypeId.toLowerCase()}-${key.toLowerCase().replaceAll('_', '-')}`;

export function stateDescription(caseTypeId: CaseTypeId, key: string): string {
  const state = CASE_STATES[caseTypeId].find((s) => s.key === key);
  if (!state) throw new Error(`unknown demo state ${caseTypeId}/${key}`);
  return state.description;
}

export type TemplateDef = {
  id: string;
  caseTypeId: CaseTypeId;
  nodeType: NodeType;
  name: string;
  description: string;
  config: Record<string, unknown>;
  html?: string;
};

const hiConfig = (pageName: string, fields: string[]) => ({
  pages: [{ id: 1, name: pageName, isStart: true, isEnd: true }],
  components: fields.map((field) => ({ type: 'input', name: field, page: 1 })),
  conditions: [],
  styling: { theme: 'default' },
  integrations: {},
  assets: [],
  exported_values: fields,
});

export const TEMPLATES = {
  start: { id: 'tpl-demo-start', caseTypeId: 'CLAIM', nodeType: 'start', name: 'Start', description: 'Entry of claim flows', config: { general: { label: 'Start' }, exported_values: [] } },
  claimReview: { id: 'tpl-demo-claim-review', caseTypeId: 'CLAIM', nodeType: 'human-interface', name: 'Claim review', description: 'An adjuster reviews the claim and decides', config: hiConfig('Review', ['policyNumber', 'amount', 'decision', 'notes']), html: CLAIM_REVIEW_HTML },
  inspection: { id: 'tpl-demo-inspection', caseTypeId: 'CLAIM', nodeType: 'human-interface', name: 'Field inspection report', description: 'The field team records the visit', config: hiConfig('Inspection', ['visitDate', 'estimate', 'photos', 'findings']), html: INSPECTION_HTML },
  email: { id: 'tpl-demo-email', caseTypeId: 'CLAIM', nodeType: 'email', name: 'Decision e-mail', description: 'Tells the customer the decision', config: { general: { label: 'Notify' }, to: '{{email}}', subject: 'Your claim {{policyNumber}}', body: 'Dear {{customerName}}, your claim has been processed.', exported_values: [] } },
  api: { id: 'tpl-demo-api', caseTypeId: 'CLAIM', nodeType: 'api', name: 'Policy lookup', description: 'Checks the policy with the insurer', config: { general: { label: 'Policy lookup' }, request: { method: 'GET', url: 'https://api.example.com/policies/{{policyNumber}}', headers: { Accept: 'application/json' }, timeoutMs: 5000 }, exported_values: ['policyStatus'] } },
  script: { id: 'tpl-demo-script', caseTypeId: 'CLAIM', nodeType: 'script', name: 'Risk score', description: 'Scores the claim by amount', config: { general: { label: 'Risk score', timeoutMs: 1000 }, script: 'const amount = Number(values.amount ?? 0);\nreturn { riskScore: amount > 5000 ? "high" : amount > 1000 ? "medium" : "low" };', exported_values: ['riskScore'] } },
  timer: { id: 'tpl-demo-timer', caseTypeId: 'CLAIM', nodeType: 'timer', name: 'Wait one day', description: 'Pauses the flow for a day', config: { general: { label: 'Wait' }, delaySeconds: 86400, exported_values: [] } },
  end: { id: 'tpl-demo-end', caseTypeId: 'CLAIM', nodeType: 'end', name: 'End', description: 'End of claim flows', config: { general: { label: 'End' }, exported_values: [] } },
  onbStart: { id: 'tpl-demo-onb-start', caseTypeId: 'ONBOARDING', nodeType: 'start', name: 'Start onboarding', description: 'Entry of onboarding flows', config: { general: { label: 'Start' }, exported_values: [] } },
  onbVerify: { id: 'tpl-demo-onb-verify', caseTypeId: 'ONBOARDING', nodeType: 'human-interface', name: 'Document verification', description: 'Back office checks the documents', config: hiConfig('Verification', ['customerName', 'idChecked', 'addressChecked', 'comments']), html: VERIFY_HTML },
  onbWait: { id: 'tpl-demo-onb-wait', caseTypeId: 'ONBOARDING', nodeType: 'timer', name: 'Activation delay', description: 'Waits before activating the account', config: { general: { label: 'Wait' }, delaySeconds: 3600, exported_values: [] } },
  onbEnd: { id: 'tpl-demo-onb-end', caseTypeId: 'ONBOARDING', nodeType: 'end', name: 'End onboarding', description: 'End of onboarding flows', config: { general: { label: 'End' }, exported_values: ['accountId'] } },
} as const satisfies Record<string, TemplateDef>;

type TemplateKey = keyof typeof TEMPLATES;

export type FlowStageDef = {
  key: string;
  name: string;
  template: TemplateKey;
  /** Stage settings; human-interface stages name the team and the ticket's SLA. */
  config?: { teamId: string; slaSeconds: number };
  /** The case moves to this state when the stage starts. */
  caseStateKey?: string;
  transitions: readonly { to: string; when?: Record<string, unknown> }[];
};

export type FlowDef = { id: string; appId: string; appName: string; stages: readonly FlowStageDef[] };

export const SLA = { claims: 8 * 3600, field: 48 * 3600, backOffice: 24 * 3600 } as const satisfies Record<TeamKey, number>;

export const FLOWS = {
  claims: {
    id: IDS.flows.claims,
    appId: IDS.apps.claims,
    appName: 'Claims Intake',
    stages: [
      { key: 'start', name: 'Start', template: 'start', caseStateKey: 'RECEIVED', transitions: [{ to: 'policy' }] },
      { key: 'policy', name: 'Policy lookup', template: 'api', transitions: [{ to: 'score' }] },
      { key: 'score', name: 'Risk score', template: 'script', transitions: [{ to: 'review' }] },
      { key: 'review', name: 'Claim review', template: 'claimReview', config: { teamId: IDS.teams.claims, slaSeconds: SLA.claims }, caseStateKey: 'REVIEW', transitions: [{ to: 'visit', when: { '==': [{ var: 'decision' }, 'visit'] } }, { to: 'notify' }] },
      { key: 'visit', name: 'Field visit', template: 'inspection', config: { teamId: IDS.teams.field, slaSeconds: SLA.field }, caseStateKey: 'FIELD_VISIT', transitions: [{ to: 'notify' }] },
      { key: 'notify', name: 'Notify customer', template: 'email', transitions: [{ to: 'end' }] },
      { key: 'end', name: 'End', template: 'end', transitions: [] },
    ],
  },
  onboarding: {
    id: IDS.flows.onboarding,
    appId: IDS.apps.onboarding,
    appName: 'Customer Onboarding',
    stages: [
      { key: 'start', name: 'Start', template: 'onbStart', caseStateKey: 'NEW', transitions: [{ to: 'verify' }] },
      { key: 'verify', name: 'Verify documents', template: 'onbVerify', config: { teamId: IDS.teams.backOffice, slaSeconds: SLA.backOffice }, caseStateKey: 'VERIFY', transitions: [{ to: 'wait', when: { and: [{ var: 'idChecked' }, { var: 'addressChecked' }] } }, { to: 'end' }] },
      { key: 'wait', name: 'Activation delay', template: 'onbWait', transitions: [{ to: 'end' }] },
      { key: 'end', name: 'End', template: 'onbEnd', caseStateKey: 'ACTIVE', transitions: [] },
    ],
  },
  inspections: {
    id: IDS.flows.inspections,
    appId: IDS.apps.inspections,
    appName: 'Field Inspections',
    stages: [
      { key: 'start', name: 'Start', template: 'start', transitions: [{ to: 'inspection' }] },
      { key: 'inspection', name: 'Inspection', template: 'inspection', config: { teamId: IDS.teams.field, slaSeconds: SLA.field }, caseStateKey: 'FIELD_VISIT', transitions: [{ to: 'report', when: { '>': [{ var: 'estimate' }, 0] } }, { to: 'end' }] },
      { key: 'report', name: 'Send report', template: 'email', transitions: [{ to: 'end' }] },
      { key: 'end', name: 'End', template: 'end', transitions: [] },
    ],
  },
} as const satisfies Record<string, FlowDef>;

export type FlowKey = keyof typeof FLOWS;

export function templateOfStage(flow: FlowKey, stageKey: string): TemplateDef {
  const stage = (FLOWS[flow].stages as readonly FlowStageDef[]).find((s) => s.key === stageKey);
  if (!stage) throw new Error(`unknown demo stage ${flow}/${stageKey}`);
  return TEMPLATES[stage.template];
}
