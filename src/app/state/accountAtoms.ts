/**
 * The signed-in account as the shell needs it. It is loaded from the server at startup and kept in
 * localStorage too, so an offline reload still knows who is signed in and which modules they have.
 */
import { atom } from 'jotai';
import type { Account, Credentials, Workspace } from '../../data/auth.ts';

export type AccountSnapshot = { account: Account; workspace: Workspace };

export const ACCOUNT_STORAGE_KEY = 'account';

export const credentialsAtom = atom<Credentials | null>(null);
export const accountAtom = atom<AccountSnapshot | null>(null);

export function readStoredAccount(userId: string): AccountSnapshot | null {
  const raw = localStorage.getItem(ACCOUNT_STORAGE_KEY);
  if (raw === null) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<AccountSnapshot> | null;
    if (parsed?.account?.id !== userId || typeof parsed.workspace?.name !== 'string') return null;
    return parsed as AccountSnapshot;
  } catch {
    return null;
  }
}

export function storeAccount(snapshot: AccountSnapshot): void {
  localStorage.setItem(ACCOUNT_STORAGE_KEY, JSON.stringify(snapshot));
}

export function forgetStoredAccount(): void {
  localStorage.removeItem(ACCOUNT_STORAGE_KEY);
}
