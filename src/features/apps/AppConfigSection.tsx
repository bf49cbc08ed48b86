import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { mutate } from '../../data/replica.ts';
import type { AppDoc } from '../../domain/sync/documents.gen.ts';
import { SelectField } from '../tickets/SelectField.tsx';
import { LINK_BUTTON } from './linkClasses.ts';
import { reportSave } from './saveOutcome.ts';
import type { AppsData } from './useAppsData.ts';

/**
 * Part 1 §2 App edit, Configuration: the app's workflow and calendar, each saved through `app.update` as soon as
 * it is picked (the spec's PATCH /apps/{id} with workflow {id} or calendar {id}), and the way to edit the workflow.
 */
export function AppConfigSection({ app, data }: { app: AppDoc; data: AppsData }) {
  const { t } = useTranslation();
  const flowKnown = app.flowId !== null && data.flows.some((flow) => flow.id === app.flowId);
  const save = (field: 'workflow' | 'calendar', id: string) =>
    void mutate('app.update', { id: app.id, [field]: id === '' ? null : { id } }).then((result) => reportSave(result, 'app.update', 'apps.messages.updated', t));
  return (
    <section aria-labelledby="app-config" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="app-config" className="text-lg font-semibold text-slate-900">
        {t('apps.edit.configuration')}
      </h2>
      <div className="grid gap-3 md:grid-cols-2">
        <SelectField
          label={t('apps.edit.workflow')}
          value={flowKnown ? (app.flowId ?? '') : ''}
          onChange={(id) => save('workflow', id)}
          options={[...(flowKnown ? [] : [{ value: '', label: t('apps.edit.noWorkflow') }]), ...data.flows.map((flow) => ({ value: flow.id, label: flow.name }))]}
        />
        <SelectField
          label={t('apps.edit.calendar')}
          value={app.calendarId ?? ''}
          onChange={(id) => save('calendar', id)}
          options={[{ value: '', label: t('apps.edit.noCalendar') }, ...data.calendars.map((calendar) => ({ value: calendar.id, label: calendar.name }))]}
        />
      </div>
      {flowKnown ? (
        <Link to="/flows/flow" search={{ canEditFlow: true, isNewFlow: false, id: app.flowId }} className={`${LINK_BUTTON} self-start`}>
          {t('apps.edit.editWorkflow')}
        </Link>
      ) : (
        <p className="text-sm text-slate-700">{t('apps.messages.workflowMissing')}</p>
      )}
    </section>
  );
}
