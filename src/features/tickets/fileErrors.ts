import type { TFunction } from 'i18next';

/** Part 2 §8 file fetch texts, by the server's answer: 404, 403, anything else. */
export function fileErrorText(t: TFunction, status: number): string {
  if (status === 404) return t('files.notFound');
  if (status === 403) return t('files.accessDenied');
  return t('files.fetchFailed');
}
