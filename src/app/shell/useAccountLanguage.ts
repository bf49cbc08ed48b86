import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { useDoc } from '../../data/replica.ts';
import { isLanguage, setLanguage } from '../../i18n/i18n.ts';
import { accountAtom } from '../state/accountAtoms.ts';

/**
 * Follows the user's language as the replica holds it: when the user doc's language changes (a change made
 * on another device, or this device's change confirmed or refused by the server), the interface follows.
 */
export function useAccountLanguage(): void {
  const snapshot = useAtomValue(accountAtom);
  const userDoc = useDoc('config', snapshot?.account.id ?? '');
  const language = userDoc !== null && userDoc !== undefined && userDoc.kind === 'user' ? userDoc.language : undefined;
  const lastSeen = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (language === undefined || language === lastSeen.current) return;
    lastSeen.current = language;
    if (isLanguage(language)) void setLanguage(language);
  }, [language]);
}
