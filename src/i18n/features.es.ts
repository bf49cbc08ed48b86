import { accountsEs } from './accounts.es.ts';
import { appsEs } from './apps.es.ts';
import { batchesEs } from './batches.es.ts';
import { builderEs } from './builder.es.ts';
import { tracesEs } from './traces.es.ts';
import { hiBuilderEs } from './hiBuilder.es.ts';
import { frontdeskEs } from './frontdesk.es.ts';
import { batchDetailEs } from './batchDetail.es.ts';
import { caseTypesEs } from './caseTypes.es.ts';
import { casesEs } from './cases.es.ts';
import { caseActivityEs } from './caseActivity.es.ts';
import { caseDetailEs } from './caseDetail.es.ts';
import { dashboardEs } from './dashboard.es.ts';
import { dashboardChartsEs } from './dashboardCharts.es.ts';
import { dashboardPeopleEs } from './dashboardPeople.es.ts';
import { changesEs } from './changes.es.ts';
import { enginesEs } from './engines.es.ts';
import { envelopesEs } from './envelopes.es.ts';
import type { FeatureCatalogue } from './features.en.ts';
import { flowsEs } from './flows.es.ts';
import { flowTraceEs } from './flowTrace.es.ts';
import { frontdeskEditorEs } from './frontdeskEditor.es.ts';
import { settingsEs } from './settings.es.ts';
import { workspaceEs } from './workspace.es.ts';

/** Spanish texts of the signed-in console: the same keys as features.en.ts. */
export const featuresEs: FeatureCatalogue = {
  settings: settingsEs,
  workspace: workspaceEs,
  apps: appsEs,
  flows: flowsEs,
  engines: enginesEs,
  changes: changesEs,
  accounts: accountsEs,
  caseTypes: caseTypesEs,
  cases: casesEs,
  envelopes: envelopesEs,
  caseActivity: caseActivityEs,
  caseDetail: caseDetailEs,
  dashboard: dashboardEs,
  dashboardCharts: dashboardChartsEs,
  dashboardPeople: dashboardPeopleEs,
  batches: batchesEs,
  frontdesk: frontdeskEs,
  batchDetail: batchDetailEs,
  frontdeskEditor: frontdeskEditorEs,
  builder: builderEs,
  traces: tracesEs,
  flowTrace: flowTraceEs,
  hiBuilder: hiBuilderEs,
};
