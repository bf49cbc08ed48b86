/**
 * The ticket form of part 2 §2 (case, status, description, created and due dates, team and assignee): its
 * rules, shared by the mutation arguments, the services and the dialog. The dialog gets its findings as message
 * keys (translated by the UI); the mutations and services use the English texts of the same keys.
 */

export const TICKET_STATUSES = ['unassigned', 'assigned'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_DESCRIPTION_MAX = 500;
/** sla_seconds is a 32-bit integer column: ten years keep it far from overflowing. */
export const TICKET_SLA_MAX_DAYS = 3650;
/** Dates outside these bounds are typing mistakes (a year 20260, say), not tickets. */
export const TICKET_DATE_MIN = Date.UTC(2000, 0, 1);
export const TICKET_DATE_MAX = Date.UTC(2100, 0, 1);

const DAY_MS = 86_400_000;

export const TICKET_FORM_MESSAGES = {
  descriptionRequired: 'Description is required',
  descriptionTooLong: `The description must have ${TICKET_DESCRIPTION_MAX} characters at most`,
  invalidDate: 'Enter a valid date and time',
  dueBeforeCreated: 'The due date must be after the created date',
  dueTooFar: `The due date must be at most ${TICKET_SLA_MAX_DAYS / 365} years after the created date`,
  teamRequired: 'Pick a team',
  assigneeRequired: 'Pick who the ticket is assigned to',
  unknownCase: 'That case does not exist',
  unknownTeam: 'That team does not exist',
  unknownMember: 'That member does not exist',
  notTeamMember: "The assignee is not a member of the ticket's team",
  alreadyExists: 'A ticket with this id already exists',
  forbidden: 'You do not have permission to perform this action',
} as const;

export type TicketFormMessageKey = keyof typeof TICKET_FORM_MESSAGES;

/** The due date's problem against the created date, if any. */
export function dueDateProblem(createdAt: number, dueAt: number): 'dueBeforeCreated' | 'dueTooFar' | null {
  if (dueAt <= createdAt) return 'dueBeforeCreated';
  if (dueAt - createdAt > TICKET_SLA_MAX_DAYS * DAY_MS) return 'dueTooFar';
  return null;
}

/** The ticket's SLA as stored: whole seconds from created to due, at least one (the column requires > 0). */
export const slaSeconds = (createdAt: number, dueAt: number): number => Math.max(1, Math.round((dueAt - createdAt) / 1000));

export const isValidTicketDate = (ms: number | null): ms is number =>
  ms !== null && Number.isInteger(ms) && ms >= TICKET_DATE_MIN && ms <= TICKET_DATE_MAX;

const pad = (n: number) => String(n).padStart(2, '0');

/** Epoch milliseconds as a date-time input shows them: 'YYYY-MM-DDTHH:mm' in the viewer's time zone. */
export function toDateTimeInput(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A date-time input's value (local time) as epoch milliseconds; null when it is empty or not a date. */
export function fromDateTimeInput(text: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(text)) return null;
  const ms = new Date(text).getTime();
  return Number.isNaN(ms) ? null : ms;
}

export type TicketFormValues = {
  caseId: string;
  status: TicketStatus;
  description: string;
  createdAt: string;
  dueAt: string;
  teamId: string;
  assigneeMemberId: string;
};

export type TicketFormErrors = Partial<Record<keyof TicketFormValues, TicketFormMessageKey>>;

/** The dialog's checks; `caseExists` answers for a typed case id (the case is optional). */
export function validateTicketForm(values: TicketFormValues, caseExists: (caseId: string) => boolean): TicketFormErrors {
  const errors: TicketFormErrors = {};
  const caseId = values.caseId.trim();
  if (caseId !== '' && !caseExists(caseId)) errors.caseId = 'unknownCase';
  const description = values.description.trim();
  if (description === '') errors.description = 'descriptionRequired';
  else if (description.length > TICKET_DESCRIPTION_MAX) errors.description = 'descriptionTooLong';
  const createdAt = fromDateTimeInput(values.createdAt);
  const dueAt = fromDateTimeInput(values.dueAt);
  if (!isValidTicketDate(createdAt)) errors.createdAt = 'invalidDate';
  if (!isValidTicketDate(dueAt)) errors.dueAt = 'invalidDate';
  else if (isValidTicketDate(createdAt)) {
    const problem = dueDateProblem(createdAt, dueAt);
    if (problem !== null) errors.dueAt = problem;
  }
  if (values.teamId === '') errors.teamId = 'teamRequired';
  if (values.status === 'assigned' && values.assigneeMemberId === '') errors.assigneeMemberId = 'assigneeRequired';
  return errors;
}

export const hasTicketFormErrors = (errors: TicketFormErrors): boolean => Object.keys(errors).length > 0;

/** The assignee the form sends: none unless the status is 'assigned' ('unassigned' clears it). */
const assigneeOf = (values: TicketFormValues): string | null => (values.status === 'assigned' && values.assigneeMemberId !== '' ? values.assigneeMemberId : null);

/** The ticket.create arguments of a form that passed its checks. */
export function createTicketArgsOf(ticketId: string, values: TicketFormValues) {
  const caseId = values.caseId.trim();
  return {
    ticketId,
    caseId: caseId === '' ? null : caseId,
    status: values.status,
    description: values.description.trim(),
    createdAt: fromDateTimeInput(values.createdAt) ?? Number.NaN,
    dueAt: fromDateTimeInput(values.dueAt) ?? Number.NaN,
    teamId: values.teamId,
    assigneeMemberId: assigneeOf(values),
  };
}

/** The ticket.update arguments of a form that passed its checks (the case and created date stay). */
export function updateTicketArgsOf(ticketId: string, values: TicketFormValues) {
  return {
    ticketId,
    status: values.status,
    description: values.description.trim(),
    dueAt: fromDateTimeInput(values.dueAt) ?? Number.NaN,
    teamId: values.teamId,
    assigneeMemberId: assigneeOf(values),
  };
}
