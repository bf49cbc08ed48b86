import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppDoc, EventDoc } from '../../domain/sync/documents.gen.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { NoteField } from '../tickets/NoteField.tsx';
import { SelectField } from '../tickets/SelectField.tsx';
import { FirePreview } from './FirePreview.tsx';
import { TEXT_LINK } from './linkClasses.ts';
import type { AppsData } from './useAppsData.ts';
import { useEventForm } from './useEventForm.ts';
import { WebhookFields } from './WebhookFields.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';

const CRON_BUILDER_URL = 'https://crontab.guru/';

type Props = { app: AppDoc; event: EventDoc | 'new' | null; data: AppsData; onClose: () => void };

/** Part 1 §2 event form (create or edit), in a modal: opened fresh each time. */
export function EventFormDialog({ app, event, data, onClose }: Props) {
  const { t } = useTranslation();
  const title = event === 'new' || event === null ? t('apps.eventForm.newTitle') : t('apps.eventForm.editTitle', { name: event.name });
  return (
    <Dialog open={event !== null} onClose={onClose} title={title} wide>
      {event !== null && <EventForm app={app} event={event === 'new' ? null : event} data={data} onClose={onClose} />}
    </Dialog>
  );
}

function EventForm({ app, event, data, onClose }: { app: AppDoc; event: EventDoc | null; data: AppsData; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useEventForm(app, event, data, location.origin, onClose);
  const { values, set, errors } = form;
  const cronId = useId();
  const calendar = data.calendars.find((c) => c.id === values.calendarId);
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        form.submit();
      }}
    >
      <NoteField label={t('apps.eventForm.name')} hint={t('apps.eventForm.nameHint')} value={values.name} onChange={(v) => set('name', v)} error={errors.name} maxLength={150} autoFocus />
      <NoteField label={t('apps.eventForm.description')} value={values.description} onChange={(v) => set('description', v)} maxLength={2000} />
      <fieldset className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-800">{t('apps.eventForm.programmed')}</legend>
        <SelectField
          label={t('apps.eventForm.calendar')}
          value={values.calendarId}
          onChange={(v) => set('calendarId', v)}
          error={errors.calendarId}
          options={[{ value: '', label: t('apps.eventForm.chooseCalendar') }, ...data.calendars.map((c) => ({ value: c.id, label: `${c.name} (${c.timeZone})` }))]}
        />
        <div className="flex flex-col gap-1">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <label htmlFor={cronId} className="text-sm font-semibold text-slate-800">
              {t('apps.eventForm.cronRule')}
            </label>
            <a href={CRON_BUILDER_URL} target="_blank" rel="noopener noreferrer" className={`${TEXT_LINK} text-xs`}>
              {t('apps.eventForm.cronBuilder')}
            </a>
          </div>
          <input
            id={cronId}
            value={values.cronRule}
            onChange={(e) => set('cronRule', e.target.value)}
            placeholder="0 9 * * 1-5"
            maxLength={120}
            spellCheck={false}
            aria-invalid={form.ruleProblem !== null}
            aria-describedby={`${cronId}-hint`}
            className={`rounded-lg border bg-white px-3 py-2 font-mono text-sm focus-visible:outline-2 focus-visible:outline-focus ${form.ruleProblem === null ? 'border-slate-300' : 'border-red-700'}`}
          />
          <p id={`${cronId}-hint`} className={`text-xs ${form.ruleProblem === null ? 'text-slate-600' : 'text-red-800'}`}>
            {form.ruleProblem === null ? t('apps.eventForm.cronHint') : t('apps.eventForm.cronInvalid', { problem: form.ruleProblem })}
          </p>
        </div>
        {form.rule !== '' && form.ruleProblem === null && calendar !== undefined && <FirePreview rule={form.rule} calendar={calendar} />}
      </fieldset>
      <WebhookFields form={form} />
      <FormFooter
        onClose={onClose}
        cancelLabel={t('apps.eventForm.cancel')}
        submitLabel={form.busy ? t('apps.eventForm.saving') : event === null ? t('apps.eventForm.create') : t('apps.eventForm.update')}
        submitDisabled={!form.canSubmit}
        refusal={errors.trigger}
      />
    </form>
  );
}
