import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mutate } from '../../data/replica.ts';
import type { AppDoc, EventDoc } from '../../domain/sync/documents.gen.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { Table, type TableColumn } from '../../ui/Table.tsx';
import { useButtonGuard } from '../../ui/useButtonGuard.ts';
import { usePendingIds } from '../settings/usePendingIds.ts';
import { EventFormDialog } from './EventFormDialog.tsx';
import { reportSave } from './saveOutcome.ts';
import type { AppsData } from './useAppsData.ts';

/** Part 1 §2 Webhooks & Events: the app's events (10 a page) with their trigger, active switch, Edit and Delete. */
export function EventsSection({ app, data }: { app: AppDoc; data: AppsData }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<EventDoc | 'new' | null>(null);
  const [deleting, setDeleting] = useState<EventDoc | null>(null);
  const pending = usePendingIds(['event.'], ['id']);
  const events = data.eventsOf(app.id);
  const toggle = (event: EventDoc, isActive: boolean) =>
    void mutate('event.setActive', { id: event.id, isActive }).then((result) => reportSave(result, 'event.setActive', 'apps.events.statusUpdated', t));

  const activeSwitch = (event: EventDoc) => <Switch checked={event.isActive} onChange={(on) => toggle(event, on)} label={t('apps.events.activeNamed', { name: event.name })} />;
  const actions = (event: EventDoc) => (
    <span className="flex flex-wrap gap-2">
      <Button size="sm" variant="secondary" onClick={() => setEditing(event)} aria-label={t('apps.events.editNamed', { name: event.name })}>
        {t('apps.events.edit')}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setDeleting(event)} aria-label={t('apps.events.deleteNamed', { name: event.name })}>
        {t('apps.events.delete')}
      </Button>
    </span>
  );
  const name = (event: EventDoc) => (
    <span className="flex min-w-0 flex-col gap-0.5">
      <span className="font-semibold break-words text-slate-900">{event.name}</span>
      {event.description !== '' && <span className="text-xs break-words text-slate-600">{event.description}</span>}
      {pending.has(event.id) && <Badge tone="yellow" className="self-start">{t('apps.pending')}</Badge>}
    </span>
  );
  const trigger = (event: EventDoc) => (
    <span className="flex flex-col gap-0.5 text-xs">
      {event.cronRule !== null && <span className="font-mono">{t('apps.events.programmed', { rule: event.cronRule })}</span>}
      {event.webhookId !== null && <span>{t('apps.events.webhook')}</span>}
    </span>
  );
  const columns: TableColumn<EventDoc>[] = [
    { key: 'name', header: t('apps.events.name'), cell: name },
    { key: 'trigger', header: t('apps.events.trigger'), cell: trigger },
    { key: 'active', header: t('apps.events.active'), cell: activeSwitch },
    { key: 'actions', header: t('apps.events.actions'), cell: actions },
  ];

  return (
    <section aria-labelledby="app-events" className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="app-events" className="text-lg font-semibold text-slate-900">
          {t('apps.events.heading')}
        </h2>
        <Button onClick={() => setEditing('new')}>{t('apps.events.add')}</Button>
      </div>
      {events.length === 0 ? (
        <EmptyState title={t('apps.events.none')} text={t('apps.events.noneText')} />
      ) : (
        <>
          {/* A phone gets one card per event (every action in reach); wider screens the table of 10 a page. */}
          <ul className="flex flex-col gap-2 sm:hidden" aria-label={t('apps.events.heading')}>
            {events.map((event) => (
              <li key={event.id} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3" data-event-card={event.id}>
                <div className="flex items-start justify-between gap-2">
                  {name(event)}
                  {activeSwitch(event)}
                </div>
                {trigger(event)}
                {actions(event)}
              </li>
            ))}
          </ul>
          <div className="hidden sm:block">
            <Table caption={t('apps.events.heading')} columns={columns} rows={events} rowKey={(event) => event.id} emptyText={t('apps.events.none')} rowAttributes={(event) => ({ 'data-event-id': event.id })} />
          </div>
        </>
      )}
      <EventFormDialog app={app} event={editing} data={data} onClose={() => setEditing(null)} />
      <DeleteEventDialog app={app} event={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

function DeleteEventDialog({ app, event, onClose }: { app: AppDoc; event: EventDoc | null; onClose: () => void }) {
  const { t } = useTranslation();
  const guard = useButtonGuard();
  // Keeps the text while the dialog closes, after the event itself is gone.
  const [shown, setShown] = useState(event);
  if (event !== null && event !== shown) setShown(event);
  const confirm = (target: EventDoc) =>
    void mutate('event.delete', { id: target.id, appId: app.id }).then((result) => {
      reportSave(result, 'event.delete', 'apps.events.deleted', t);
      onClose();
    });
  return (
    <Dialog
      open={event !== null}
      onClose={onClose}
      title={t('apps.events.deleteTitle', { name: shown?.name ?? '' })}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} data-autofocus>
            {t('apps.form.cancel')}
          </Button>
          <Button variant="danger" onClick={() => guard(() => event && confirm(event))}>
            {t('apps.edit.confirmDelete')}
          </Button>
        </>
      }
    >
      <p className="break-words">{t('apps.events.deleteText', { name: shown?.name ?? '' })}</p>
    </Dialog>
  );
}
