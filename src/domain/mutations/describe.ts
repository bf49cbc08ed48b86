/**
 * A queued change in the user's words ("Claim ticket case-demo-0186", "Note on case-demo-0186", "Photo for
 * case-demo-0186"), as an i18n key under `changes.` and its values: the sync panel and the refusal notices show
 * these, never a mutation's name. `ticketRef` turns a ticket id into what the inbox shows as its Case ID.
 */
export type ChangeDescription = { key: string; values: Record<string, string> };

type Args = Record<string, unknown>;
const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const short = (value: unknown, max = 40): string => {
  const t = text(value).trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

const CHANGE_KEYS: Record<string, string> = {
  'ticket.claim': 'claim',
  'ticket.release': 'release',
  'ticket.saveData': 'save',
  'ticket.resolve': 'solve',
  'ticket.cancel': 'cancel',
  'ticket.reassign': 'reassign',
  'ticket.addNote': 'note',
  'ticket.create': 'ticketCreate',
  'ticket.update': 'ticketUpdate',
  'user.setLanguage': 'language',
  'app.create': 'appCreate',
  'app.update': 'appUpdate',
  'app.delete': 'appDelete',
  'app.setActive': 'appActive',
  'event.create': 'eventCreate',
  'event.update': 'eventUpdate',
  'event.delete': 'eventDelete',
  'event.setActive': 'eventActive',
  'instance.retry': 'retry',
  'instance.start': 'instancesStart',
  'flow.create': 'flowCreate',
  'flow.update': 'flowUpdate',
  'case.uploadFile': 'file',
  'envelope.create': 'envelope',
  'case.create': 'caseCreate',
  'case.update': 'caseUpdate',
  'case.addNote': 'caseNote',
  'case.editNote': 'caseNoteEdit',
  'caseType.create': 'caseTypeCreate',
  'caseType.update': 'caseTypeUpdate',
  'caseState.create': 'caseStateCreate',
  'caseState.update': 'caseStateUpdate',
  'team.create': 'teamCreate',
  'team.update': 'teamUpdate',
  'team.addMember': 'teamAddMember',
  'team.removeMember': 'teamRemoveMember',
  'member.create': 'memberCreate',
  'member.update': 'memberUpdate',
  'member.delete': 'memberDelete',
  'cors.create': 'corsCreate',
  'cors.update': 'corsUpdate',
  'cors.delete': 'corsDelete',
  'workspace.update': 'workspaceUpdate',
  'engine.create': 'engineCreate',
  'engine.update': 'engineUpdate',
  'engine.delete': 'engineDelete',
  'user.create': 'userCreate',
  'user.update': 'userUpdate',
  'user.delete': 'userDelete',
  'user.sendRecovery': 'userRecovery',
  'batch.create': 'batchCreate',
  'batch.addLines': 'batchLines',
  'batch.update': 'batchUpdate',
  'batch.play': 'batchPlay',
  'batch.executeLine': 'batchLineRun',
  'batch.delete': 'batchDelete',
  'batch.deleteLine': 'batchLineDelete',
  'form.create': 'formCreate',
  'form.update': 'formUpdate',
  'template.create': 'templateCreate',
  'template.update': 'templateUpdate',
};

/** Every mutation name has words (a test checks the registry against this list). */
export const DESCRIBED_MUTATIONS: readonly string[] = Object.keys(CHANGE_KEYS);

export function describeChange(name: string, rawArgs: unknown, ticketRef: (ticketId: string) => string): ChangeDescription {
  const args: Args = typeof rawArgs === 'object' && rawArgs !== null && !Array.isArray(rawArgs) ? (rawArgs as Args) : {};
  const base = Object.hasOwn(CHANGE_KEYS, name) ? CHANGE_KEYS[name]! : 'other';
  const ticket = text(args.ticketId);
  const values: Record<string, string> = {
    ticket: ticket ? ticketRef(ticket) : '',
    case: text(args.caseId),
    name: short(args.name),
    description: short(args.description),
    language: text(args.language),
    origin: short(args.origin, 60),
    code: short(args.code),
    state: short(args.key),
    instances: Array.isArray(args.ids) ? String(args.ids.length) : '',
    signer: short(args.signerName),
    batch: text(args.batchId),
    line: text(args.lineId),
    lines: Array.isArray(args.lines) ? String(args.lines.length) : '',
  };
  if (base === 'file') {
    const file = text(args.name);
    // The capture tools name their files photo-… and signature-… (caseFileUpload.ts).
    const kind = file.startsWith('photo-') ? 'photo' : file.startsWith('signature-') ? 'signature' : 'file';
    return { key: `changes.${kind}`, values: { ...values, name: short(file) } };
  }
  if (base === 'appActive' || base === 'eventActive') return { key: `changes.${base}${args.isActive === false ? 'Off' : 'On'}`, values };
  return { key: `changes.${base}`, values };
}

/**
 * What the user can do about a refused change, by the refusal's code: the message says what happened, this what
 * next. Codes without a specific step get the general one.
 */
export function refusalAdvice(code: string): string {
  switch (code) {
    case 'already-claimed':
      return 'changes.advice.claimedByOther';
    case 'not-found':
    case 'ticket-closed':
      return 'changes.advice.refresh';
    case 'forbidden':
    case 'not-claimant':
      return 'changes.advice.askAdmin';
    case 'not-assigned':
      return 'changes.advice.claimFirst';
    case 'invalid-args':
    case 'invalid-mutation':
    case 'unreadable':
    case 'too-large':
    case 'server-fault':
      return 'changes.advice.makeAgain';
    default:
      return 'changes.advice.checkAndRetry';
  }
}
