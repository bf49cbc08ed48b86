import { describe, expect, it } from 'vitest';
import { createTicketArgs, updateTicketArgs } from '../../../src/domain/mutations/ticketMutations.ts';
import { en } from '../../../src/i18n/en.ts';
import { es } from '../../../src/i18n/es.ts';
import {
  TICKET_FORM_MESSAGES,
  createTicketArgsOf,
  fromDateTimeInput,
  slaSeconds,
  toDateTimeInput,
  updateTicketArgsOf,
  validateTicketForm,
  type TicketFormValues,
} from '../../../src/domain/tickets/ticketForm.ts';

const valid: TicketFormValues = {
  caseId: 'case-1',
  status: 'assigned',
  description: 'Call back',
  createdAt: '2026-03-10T09:00',
  dueAt: '2026-03-11T09:00',
  teamId: 'team-claims',
  assigneeMemberId: 'mbr-nico',
};
const known = (id: string) => id === 'case-1';

describe('ticket form checks (part 2 §2)', () => {
  it.each<[string, Partial<TicketFormValues>, ReturnType<typeof validateTicketForm>]>([
    ['a complete form', {}, {}],
    ['no case', { caseId: '  ' }, {}],
    ['an unknown case', { caseId: 'case-9' }, { caseId: 'unknownCase' }],
    ['an empty description', { description: ' ' }, { description: 'descriptionRequired' }],
    ['501 characters', { description: 'x'.repeat(501) }, { description: 'descriptionTooLong' }],
    ['no created date', { createdAt: '' }, { createdAt: 'invalidDate' }],
    ['a due date before the created date', { dueAt: '2026-03-09T09:00' }, { dueAt: 'dueBeforeCreated' }],
    ['the same due and created date', { dueAt: '2026-03-10T09:00' }, { dueAt: 'dueBeforeCreated' }],
    ['a due date eleven years out', { dueAt: '2037-03-10T09:00' }, { dueAt: 'dueTooFar' }],
    ['a year out of range', { dueAt: '2190-03-10T09:00' }, { dueAt: 'invalidDate' }],
    ['no team', { teamId: '' }, { teamId: 'teamRequired' }],
    ['assigned to nobody', { assigneeMemberId: '' }, { assigneeMemberId: 'assigneeRequired' }],
    ['unassigned with nobody', { status: 'unassigned', assigneeMemberId: '' }, {}],
  ])('%s', (_label, change, errors) => {
    expect(validateTicketForm({ ...valid, ...change }, known)).toEqual(errors);
  });

  it('a form that passes its checks makes arguments the mutations accept', () => {
    expect(createTicketArgs.safeParse(createTicketArgsOf('tkt-0001', valid)).success).toBe(true);
    expect(updateTicketArgs.safeParse(updateTicketArgsOf('tkt-0001', valid)).success).toBe(true);
  });

  it("'unassigned' sends no assignee, and an empty case is no case", () => {
    const args = createTicketArgsOf('tkt-0001', { ...valid, caseId: '', status: 'unassigned' });
    expect(args).toMatchObject({ caseId: null, assigneeMemberId: null, status: 'unassigned' });
    expect(updateTicketArgsOf('tkt-0001', { ...valid, status: 'unassigned' }).assigneeMemberId).toBeNull();
  });
});

describe('dates', () => {
  it('a date-time input value and epoch milliseconds convert both ways in local time', () => {
    const ms = fromDateTimeInput('2026-03-10T09:05');
    expect(ms).toBe(new Date(2026, 2, 10, 9, 5).getTime());
    expect(toDateTimeInput(ms!)).toBe('2026-03-10T09:05');
  });

  it.each(['', 'tomorrow', '2026-13-45T99:99', '10/03/2026 09:05'])('%j is no date', (text) => {
    expect(fromDateTimeInput(text)).toBeNull();
  });

  it('the SLA is the whole seconds from created to due, at least one', () => {
    expect(slaSeconds(0, 90 * 60_000)).toBe(5400);
    expect(slaSeconds(0, 1)).toBe(1);
  });
});

it("the dialog's English messages are the texts the mutations and services refuse with, and Spanish has each one", () => {
  expect(en.ticketForm.errors).toEqual(TICKET_FORM_MESSAGES);
  expect(Object.keys(es.ticketForm.errors).sort()).toEqual(Object.keys(TICKET_FORM_MESSAGES).sort());
});
