import { useEffect, useState } from 'react';
import { verifyCurrentPassword } from '../../data/auth.ts';
import { CURRENT_PASSWORD_CHECK_DELAY_MS } from '../../domain/auth/passwordRules.ts';

export type CurrentPasswordCheck = 'empty' | 'waiting' | 'checking' | 'matched' | 'wrong' | 'unavailable';

/** Part 1 §2: the current password is checked 700 ms after typing stops; only the latest check counts. */
export function useCurrentPasswordCheck(username: string, password: string): CurrentPasswordCheck {
  const [state, setState] = useState<CurrentPasswordCheck>('empty');

  useEffect(() => {
    if (password === '') {
      setState('empty');
      return;
    }
    setState('waiting');
    let current = true;
    const timer = window.setTimeout(() => {
      setState('checking');
      verifyCurrentPassword(username, password).then(
        (matched) => {
          if (current) setState(matched ? 'matched' : 'wrong');
        },
        () => {
          if (current) setState('unavailable');
        },
      );
    }, CURRENT_PASSWORD_CHECK_DELAY_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [username, password]);

  return state;
}
