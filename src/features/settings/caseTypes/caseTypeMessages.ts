import { showToast } from '../../../app/state/toastAtoms.ts';
import { currentSyncStatus, type MutationResult } from '../../../data/replica.ts';
import { CASE_TYPE_MESSAGES } from '../../../domain/cases/caseTypeRules.ts';
import { CASE_TYPE_REFUSALS } from '../../../domain/mutations/caseTypeMutations.ts';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The rules' English messages (caseTypeRules.ts) as keys of the user's language. */
const MESSAGE_KEYS = new Map<string, string>([
  ...(['idRequired', 'idInvalid', 'idReserved', 'idTaken', 'descriptionRequired', 'startingAppRequired', 'stateIdTaken', 'orderInvalid'] as const).map(
    (key): [string, string] => [CASE_TYPE_MESSAGES[key], `caseTypes.messages.${key}`],
  ),
  [CASE_TYPE_REFUSALS.notAdmin, 'caseTypes.messages.forbidden'],
]);

/** A rule's message in the user's words; a message the catalogue lacks (a server's detail) as it came. */
export const messageOf = (message: string, t: Translate): string => {
  const key = MESSAGE_KEYS.get(message);
  return key === undefined ? message : t(key);
};

/** The spec's failure text (part 2 §8) for each case type change. */
export const FAILURE_KEYS: Record<string, string> = {
  'caseType.create': 'caseTypes.messages.createFailed',
  'caseType.update': 'caseTypes.messages.editFailed',
  'caseState.create': 'caseTypes.messages.stateCreateFailed',
  'caseState.update': 'caseTypes.messages.stateEditFailed',
};
const SUCCESS_KEYS: Record<string, string> = {
  'caseType.create': 'caseTypes.messages.created',
  'caseType.update': 'caseTypes.messages.edited',
  'caseState.create': 'caseTypes.messages.stateCreated',
  'caseState.update': 'caseTypes.messages.stateEdited',
};

/**
 * What the screen says once a change is queued: the spec's success text online, 'saved on this device' offline
 * (the server has not confirmed it), or the spec's failure text with the reason when the replica refused it.
 */
export function reportCaseTypeSave(result: MutationResult, name: string, t: Translate): boolean {
  if (!result.ok) {
    showToast('error', t(FAILURE_KEYS[name] ?? 'caseTypes.messages.editFailed'), { detail: messageOf(result.message, t) });
    return false;
  }
  if (currentSyncStatus().online) showToast('success', t(SUCCESS_KEYS[name] ?? 'caseTypes.messages.edited'));
  else showToast('info', t('caseTypes.messages.queued'));
  return true;
}
