import { createHash } from 'node:crypto';
import {
  AGENT_MODULES,
  ALL_MODULES,
  CASE_STATES,
  DEMO_ACCOUNTS,
  DEMO_WEBHOOK,
  FLOWS,
  IDS,
  MEMBERS,
  TEAM_MEMBERS,
  TEMPLATES,
  USER_IDS,
  stateId,
  type CaseTypeId,
  type FlowDef,
  type TeamKey,
  type TemplateDef,
  caseTypeRowId,
} from './demoDefinitions.ts';
import { FRONTDESK_HTML } from './demoHtml.ts';
import { json, type SeedRow } from './seedRows.ts';

export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

const DAY_MS = 24 * 3600 * 1000;

/** Rows of the first transaction: accounts, engines, calendar, teams, members, the webhook. */
export function accountRows(now: Date, passwordHashes: readonly string[]) {
  const setUp = new Date(now.getTime() - 130 * DAY_MS);
  const stamps = { created_at: setUp, updated_at: setUp };
  const users: SeedRow<'users'>[] = DEMO_ACCOUNTS.map((account, i) => ({
    id: USER_IDS[i] ?? `usr-demo-${i}`,
    name: account.name,
    username: account.username,
    email: account.username,
    phone: account.role === 'ADMIN' ? '+1 555 0100' : null,
    role: account.role,
    status: account.status,
    language: 'en',
    password_hash: passwordHashes[i] ?? '',
    enabled_modules: json((account.role === 'ADMIN' ? ALL_MODULES : AGENT_MODULES).map((id) => ({ id }))),
    rights: json([]),
    ...stamps,
  }));
  const engines: SeedRow<'engines'>[] = [
    { id: IDS.engines.main, name: 'Main Engine', description: 'Production workflows of the demo workspace', ...stamps },
    { id: IDS.engines.sandbox, name: 'Sandbox Engine', description: 'A place to try flows before publishing them', ...stamps },
  ];
  const engineUsers: SeedRow<'engine_users'>[] = [
    { id: 'eu-demo-main-admin', engine_id: IDS.engines.main, user_id: IDS.users.admin, ...stamps },
    { id: 'eu-demo-main-agent', engine_id: IDS.engines.main, user_id: IDS.users.agent, ...stamps },
    { id: 'eu-demo-sandbox-admin', engine_id: IDS.engines.sandbox, user_id: IDS.users.admin, ...stamps },
  ];
  const year = now.getUTCFullYear();
  const holidays = [year, year + 1].flatMap((y) => [`${y}-01-01`, `${y}-05-01`, `${y}-09-16`, `${y}-12-25`]);
  const calendars: SeedRow<'calendars'>[] = [
    {
      id: IDS.calendar,
      name: 'Mexico City business days',
      description: 'Monday to Friday, national holidays off',
      time_zone: 'America/Mexico_City',
      working_weekdays: json([1, 2, 3, 4, 5]),
      holidays: json(holidays),
      ...stamps,
    },
  ];
  const teams: SeedRow<'teams'>[] = [
    { id: IDS.teams.claims, engine_id: IDS.engines.main, name: 'Claims Desk', color: 'color1', light_yellow: 50, light_red: 75, notify_channels: 'email,slack', webhook_email: 'claims-desk@demo.local', slack_link: 'https://slack.example.com/archives/claims-desk', ...stamps },
    { id: IDS.teams.field, engine_id: IDS.engines.main, name: 'Field Support', color: 'color3', light_yellow: 40, light_red: 70, notify_channels: 'sms,email', webhook_email: 'field@demo.local', ...stamps },
    { id: IDS.teams.backOffice, engine_id: IDS.engines.main, name: 'Back Office', color: 'color5', light_yellow: 50, light_red: 75, notify_channels: 'email', ...stamps },
  ];
  const members: SeedRow<'members'>[] = MEMBERS.map((m) => ({
    id: m.id,
    name: m.name,
    email: m.email,
    slack_link: `https://slack.example.com/team/${m.id.replace('mbr-demo-', '')}`,
    user_id: m.userId,
    ...stamps,
  }));
  const teamMembers: SeedRow<'team_members'>[] = (Object.keys(TEAM_MEMBERS) as TeamKey[]).flatMap((team) =>
    TEAM_MEMBERS[team].map((memberId) => ({
      id: `tm-demo-${team}-${memberId.replace('mbr-demo-', '')}`,
      team_id: IDS.teams[team],
      member_id: memberId,
      ...stamps,
    })),
  );
  const webhooks: SeedRow<'webhooks'>[] = [
    {
      id: DEMO_WEBHOOK.id,
      user_id: IDS.users.admin,
      name: 'Webhook-Onboarding',
      description: 'Starts an onboarding when the sign-up site posts a request',
      url: DEMO_WEBHOOK.url,
      token_hash: sha256Hex(DEMO_WEBHOOK.token),
      token_hint: DEMO_WEBHOOK.token.slice(-4),
      ...stamps,
    },
  ];
  return { users, engines, engineUsers, calendars, teams, members, teamMembers, webhooks };
}

export type AppActivity = { instances: number; executedPoints: number };

/**
 * Rows of the second transaction: flows, apps, events, case types and states, templates, the form. `activity`
 * feeds the apps' statistics (part 1 §3: active days, instances, executed stages).
 */
export function modelRows(now: Date, activity: Readonly<Record<string, AppActivity>>) {
  const at = (daysAgo: number) => {
    const date = new Date(now.getTime() - daysAgo * DAY_MS);
    return { created_at: date, updated_at: date };
  };
  const flows: SeedRow<'flows'>[] = (Object.values(FLOWS) as FlowDef[]).map((flow) => ({
    id: flow.id,
    name: `AppFlow_${flow.appName}`,
    description: `Workflow of the ${flow.appName} app`,
    creator_user_id: IDS.users.admin,
    type: 'app',
    stages: json(
      flow.stages.map((stage) => {
        const template = TEMPLATES[stage.template];
        return {
          key: stage.key,
          name: stage.name,
          templateId: template.id,
          nodeType: template.nodeType,
          config: stage.config ?? {},
          ...(stage.caseStateKey ? { caseStateKey: stage.caseStateKey } : {}),
          transitions: stage.transitions,
        };
      }),
    ),
    ...at(125),
  }));
  const appDefs = [
    { id: IDS.apps.claims, engine: IDS.engines.main, flow: FLOWS.claims, description: 'Registers insurance claims and routes them to review', days: 120 },
    { id: IDS.apps.onboarding, engine: IDS.engines.main, flow: FLOWS.onboarding, description: 'Onboards new customers from the sign-up site', days: 110 },
    { id: IDS.apps.inspections, engine: IDS.engines.sandbox, flow: FLOWS.inspections, description: 'Schedules field inspections of claims', days: 100 },
  ];
  const apps: SeedRow<'apps'>[] = appDefs.map((app) => ({
    id: app.id,
    engine_id: app.engine,
    owner_user_id: IDS.users.admin,
    name: app.flow.appName,
    description: app.description,
    is_active: true,
    flow_id: app.flow.id,
    calendar_id: IDS.calendar,
    statistics: json({
      active: app.days,
      appsInstances: activity[app.id]?.instances ?? 0,
      executedPoints: activity[app.id]?.executedPoints ?? 0,
    }),
    ...at(app.days),
  }));
  const events: SeedRow<'events'>[] = [
    { id: IDS.events.claimsDaily, app_id: IDS.apps.claims, name: 'Event-DailyClaims', description: 'Collects new claims every working day at 9:00', cron_rule: '0 9 * * 1-5', calendar_id: IDS.calendar, webhook_id: null, ...at(119) },
    { id: IDS.events.onboardingHook, app_id: IDS.apps.onboarding, name: 'Event-SignUp', description: 'Started by the sign-up site through its webhook', cron_rule: null, calendar_id: IDS.calendar, webhook_id: DEMO_WEBHOOK.id, ...at(109) },
  ];
  const caseTypes: SeedRow<'case_types'>[] = [
    { id: caseTypeRowId(IDS.caseTypes.claim), code: IDS.caseTypes.claim, description: 'Insurance claim', starting_app_id: IDS.apps.claims, params_expected: 'policyNumber/amount/incidentDate', results_expected: 'decision/payout', ...at(125) },
    { id: caseTypeRowId(IDS.caseTypes.onboarding), code: IDS.caseTypes.onboarding, description: 'Customer onboarding', starting_app_id: IDS.apps.onboarding, params_expected: 'customerName/email/plan', results_expected: 'accountId', ...at(125) },
  ];
  const caseStates: SeedRow<'case_states'>[] = (Object.keys(CASE_STATES) as CaseTypeId[]).flatMap((typeId) =>
    CASE_STATES[typeId].map((state) => ({
      id: stateId(typeId, state.key),
      case_type_id: caseTypeRowId(typeId),
      state_key: state.key,
      description: state.description,
      order: state.order,
      hide: state.hide ?? false,
      ...at(125),
    })),
  );
  const nodeTemplates: SeedRow<'node_templates'>[] = (Object.values(TEMPLATES) as TemplateDef[]).map((t, i) => ({
    id: t.id,
    case_type_id: caseTypeRowId(t.caseTypeId),
    node_type: t.nodeType,
    name: t.name,
    description: t.description,
    config: json(t.config),
    template: t.html ?? 'EMPTY',
    ...at(124 - i),
  }));
  const frontdeskForms: SeedRow<'frontdesk_forms'>[] = [
    {
      id: IDS.form,
      form_id: 'claims-intake',
      name: 'Claims intake desk',
      case_type_id: caseTypeRowId(IDS.caseTypes.claim),
      description: 'Walk-in customers register a claim at the front desk',
      template: FRONTDESK_HTML,
      link: '/forms/claims-intake',
      webhook: null,
      ...at(60),
    },
  ];
  return { flows, apps, events, caseTypes, caseStates, nodeTemplates, frontdeskForms };
}
