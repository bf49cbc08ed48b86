import { accountsEn } from './accounts.en.ts';
import { appsEn } from './apps.en.ts';
import { batchesEn } from './batches.en.ts';
import { builderEn } from './builder.en.ts';
import { tracesEn } from './traces.en.ts';
import { hiBuilderEn } from './hiBuilder.en.ts';
import { frontdeskEn } from './frontdesk.en.ts';
import { batchDetailEn } from './batchDetail.en.ts';
import { caseTypesEn } from './caseTypes.en.ts';
import { casesEn } from './cases.en.ts';
import { caseActivityEn } from './caseActivity.en.ts';
import { caseDetailEn } from './caseDetail.en.ts';
import { dashboardEn } from './dashboard.en.ts';
import { dashboardChartsEn } from './dashboardCharts.en.ts';
import { dashboardPeopleEn } from './dashboardPeople.en.ts';
import { changesEn } from './changes.en.ts';
import type { Widen } from './en.ts';
import { enginesEn } from './engines.en.ts';
import { envelopesEn } from './envelopes.en.ts';
import { flowsEn } from './flows.en.ts';
import { flowTraceEn } from './flowTrace.en.ts';
import { frontdeskEditorEn } from './frontdeskEditor.en.ts';
import { settingsEn } from './settings.en.ts';
import { workspaceEn } from './workspace.en.ts';

/**
 * The texts only the signed-in console needs (its screens and the sync panel's change words), kept out of the
 * sign-in page's first chunk: i18n.ts adds them before the signed-in shell renders. A new screen's catalogue goes
 * here, not into en.ts.
 */
export const featuresEn = {
  settings: settingsEn,
  workspace: workspaceEn,
  apps: appsEn,
  flows: flowsEn,
  engines: enginesEn,
  changes: changesEn,
  accounts: accountsEn,
  caseTypes: caseTypesEn,
  cases: casesEn,
  envelopes: envelopesEn,
  caseActivity: caseActivityEn,
  caseDetail: caseDetailEn,
  dashboard: dashboardEn,
  dashboardCharts: dashboardChartsEn,
  dashboardPeople: dashboardPeopleEn,
  batches: batchesEn,
  frontdesk: frontdeskEn,
  batchDetail: batchDetailEn,
  frontdeskEditor: frontdeskEditorEn,
  builder: builderEn,
  traces: tracesEn,
  flowTrace: flowTraceEn,
  hiBuilder: hiBuilderEn,
} as const;

export type FeatureCatalogue = Widen<typeof featuresEn>;
