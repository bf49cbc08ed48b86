import { showToast } from '../../app/state/toastAtoms.ts';
import { currentSyncStatus, type MutationResult } from '../../data/replica.ts';
import { failureKeyOf } from './useEngineRejections.ts';

type Translate = (key: string) => string;

/**
 * What an apps screen says once a change is queued: the spec's success text online, 'saved on this device' offline
 * (the server has not confirmed it yet), or the spec's failure text with the reason when the replica refused it.
 */
export function reportSave(result: MutationResult, mutationName: string, successKey: string, t: Translate): boolean {
  if (!result.ok) {
    showToast('error', t(failureKeyOf(mutationName)), { detail: result.message });
    return false;
  }
  if (currentSyncStatus().online) showToast('success', t(successKey));
  else showToast('info', t('apps.queued'));
  return true;
}
