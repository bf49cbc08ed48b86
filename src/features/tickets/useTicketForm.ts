import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { mutate } from '../../data/replica.ts';
import type { MutationResult } from '../../data/replicaApi.ts';
import type { TicketDoc } from '../../domain/sync/documents.gen.ts';
import {
  createTicketArgsOf,
  hasTicketFormErrors,
  toDateTimeInput,
  updateTicketArgsOf,
  validateTicketForm,
  type TicketFormErrors,
  type TicketFormValues,
  type TicketStatus,
} from '../../domain/tickets/ticketForm.ts';
import { useCaseChoices, type TicketFormOptions } from './useTicketFormOptions.ts';

/** A new ticket is due a day after it is created unless the administrator says otherwise. */
const DEFAULT_DUE_MS = 24 * 3_600_000;

function initialValues(ticket: TicketDoc | null): TicketFormValues {
  if (ticket === null) {
    const now = Date.now();
    return { caseId: '', status: 'unassigned', description: '', createdAt: toDateTimeInput(now), dueAt: toDateTimeInput(now + DEFAULT_DUE_MS), teamId: '', assigneeMemberId: '' };
  }
  const assigned = ticket.status === 'assigned';
  return {
    caseId: ticket.caseId ?? '',
    status: assigned ? 'assigned' : 'unassigned',
    description: ticket.description,
    createdAt: toDateTimeInput(ticket.createdAt),
    dueAt: toDateTimeInput(ticket.dueAt),
    teamId: ticket.teamId,
    assigneeMemberId: assigned ? (ticket.assigneeMemberId ?? '') : '',
  };
}

/**
 * The ticket form's state and its save: the status and the assignee follow each other ('unassigned' clears the
 * assignee, picking someone assigns), a new team drops an assignee who is not in it, and a second submit while
 * saving is ignored.
 */
export function useTicketForm(ticket: TicketDoc | null, options: TicketFormOptions, onClose: () => void) {
  const { t } = useTranslation();
  // The form mounts with each opening of its dialog, so every opening starts from the ticket as it is then.
  const [initial] = useState(() => initialValues(ticket));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<TicketFormErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const saving = useRef(false);
  const cases = useCaseChoices(ticket === null ? values.caseId : '');

  const set = (change: Partial<TicketFormValues>) => setValues((current) => ({ ...current, ...change }));
  const fields = {
    setCaseId: (caseId: string) => set({ caseId }),
    setDescription: (description: string) => set({ description }),
    setCreatedAt: (createdAt: string) => set({ createdAt }),
    setDueAt: (dueAt: string) => set({ dueAt }),
    setStatus: (status: TicketStatus) => set(status === 'unassigned' ? { status, assigneeMemberId: '' } : { status }),
    setAssignee: (assigneeMemberId: string) => set({ assigneeMemberId, status: assigneeMemberId === '' ? 'unassigned' : 'assigned' }),
    setTeamId: (teamId: string) =>
      setValues((current) => {
        const stays = options.membersOf(teamId).some((member) => member.id === current.assigneeMemberId);
        return stays ? { ...current, teamId } : { ...current, teamId, assigneeMemberId: '', status: 'unassigned' };
      }),
  };

  async function submit() {
    if (saving.current) return;
    const found = validateTicketForm(values, (caseId) => ticket !== null || cases.exists(caseId));
    setErrors(found);
    setRefusal(null);
    if (hasTicketFormErrors(found)) return;
    saving.current = true;
    setBusy(true);
    const args =
      ticket === null
        ? createTicketArgsOf(`tkt-${crypto.randomUUID()}`, values)
        : // An untouched due date keeps its seconds, which the minute-precise input cannot show.
          { ...updateTicketArgsOf(ticket.id, values), ...(values.dueAt === initial.dueAt ? { dueAt: ticket.dueAt } : {}) };
    const result = await mutate(ticket === null ? 'ticket.create' : 'ticket.update', args).catch(
      (): MutationResult => ({ ok: false, code: 'failed', message: t('tickets.genericError') }),
    );
    saving.current = false;
    setBusy(false);
    if (!result.ok) {
      setRefusal(result.message);
      showToast('error', t(ticket === null ? 'tickets.sendFailed' : 'tickets.updateFailed'), { detail: result.message });
      return;
    }
    showToast('success', t(ticket === null ? 'tickets.saved' : 'tickets.updated'));
    onClose();
  }

  return { values, errors, refusal, busy, fields, submit, caseSuggestions: cases.suggestions };
}
