import { useId } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketDoc } from '../../domain/sync/documents.gen.ts';
import { TICKET_DESCRIPTION_MAX, TICKET_STATUSES, type TicketFormMessageKey } from '../../domain/tickets/ticketForm.ts';
import { Button } from '../../ui/Button.tsx';
import { useDateFormat } from '../../ui/useDateFormat.ts';
import { NoteField } from './NoteField.tsx';
import { ReadOnlyField } from './ReadOnlyField.tsx';
import { SelectField } from './SelectField.tsx';
import { useTicketForm } from './useTicketForm.ts';
import { useTicketFormOptions } from './useTicketFormOptions.ts';

type Props = { ticket: TicketDoc | null; onClose: () => void };

/** The form's fields: case, description, dates, team, assignee and status, with their messages under them. */
export function TicketForm({ ticket, onClose }: Props) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const options = useTicketFormOptions();
  const { values, errors, refusal, busy, fields, submit, caseSuggestions } = useTicketForm(ticket, options, onClose);
  const caseListId = useId();
  const editing = ticket !== null;
  const message = (key: TicketFormMessageKey | undefined) => (key === undefined ? undefined : t(`ticketForm.errors.${key}`));

  const teamOptions = [
    ...(values.teamId === '' ? [{ value: '', label: t('ticketForm.pickTeam') }] : []),
    ...options.teams(values.teamId).map((team) => ({ value: team.id, label: team.name })),
  ];
  const members = values.teamId === '' ? [] : options.membersOf(values.teamId);
  const assigneeOptions = [
    { value: '', label: t('tickets.waiting') },
    ...members.map((member) => ({ value: member.id, label: member.name })),
    // Until the members are read, the current assignee still needs an option to show.
    ...(values.assigneeMemberId !== '' && !members.some((m) => m.id === values.assigneeMemberId) ? [{ value: values.assigneeMemberId, label: values.assigneeMemberId }] : []),
  ];

  // Enter submits from every field; a select would otherwise ignore it.
  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === 'Enter' && event.target instanceof HTMLSelectElement) {
      event.preventDefault();
      event.currentTarget.requestSubmit();
    }
  }

  return (
    <form
      className="flex flex-col gap-3"
      noValidate
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {ticket !== null ? (
        <ReadOnlyField label={t('ticketForm.case')}>
          <span className="font-mono">{ticket.caseId ?? t('ticketForm.noCase')}</span>
        </ReadOnlyField>
      ) : (
        <>
          <NoteField
            label={t('ticketForm.case')}
            value={values.caseId}
            onChange={fields.setCaseId}
            list={caseListId}
            placeholder={t('ticketForm.casePlaceholder')}
            error={message(errors.caseId)}
          />
          <datalist id={caseListId}>
            {caseSuggestions.map((doc) => (
              <option key={doc.id} value={doc.id}>
                {doc.description}
              </option>
            ))}
          </datalist>
        </>
      )}
      <NoteField
        label={t('ticketForm.description')}
        value={values.description}
        onChange={fields.setDescription}
        hint={t('ticketForm.counter', { count: values.description.trim().length, max: TICKET_DESCRIPTION_MAX })}
        maxLength={TICKET_DESCRIPTION_MAX + 100}
        error={message(errors.description)}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        {ticket !== null ? (
          <ReadOnlyField label={t('ticketForm.createdAt')}>
            <time dateTime={new Date(ticket.createdAt).toISOString()}>{formatDate(ticket.createdAt)}</time>
          </ReadOnlyField>
        ) : (
          <NoteField type="datetime-local" label={t('ticketForm.createdAt')} value={values.createdAt} onChange={fields.setCreatedAt} error={message(errors.createdAt)} />
        )}
        <NoteField type="datetime-local" label={t('ticketForm.dueAt')} value={values.dueAt} onChange={fields.setDueAt} error={message(errors.dueAt)} />
        <SelectField label={t('ticketForm.team')} value={values.teamId} options={teamOptions} onChange={fields.setTeamId} error={message(errors.teamId)} />
        <SelectField label={t('ticketForm.assignee')} value={values.assigneeMemberId} options={assigneeOptions} onChange={fields.setAssignee} error={message(errors.assigneeMemberId)} />
        <SelectField
          label={t('ticketForm.status')}
          value={values.status}
          options={TICKET_STATUSES.map((status) => ({ value: status, label: t(`ticketForm.statuses.${status}`) }))}
          onChange={(status) => fields.setStatus(status === 'assigned' ? 'assigned' : 'unassigned')}
          error={message(errors.status)}
        />
      </div>
      {refusal !== null && (
        <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-800">
          {refusal}
        </p>
      )}
      <div className="mt-2 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('ticketForm.cancel')}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? t('ticketForm.saving') : t(editing ? 'ticketForm.update' : 'ticketForm.create')}
        </Button>
      </div>
    </form>
  );
}
