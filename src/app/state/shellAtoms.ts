import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import type { SessionState } from '../../domain/session/sessionClock.ts';

/**
 * Whether the user folded the menu rail (tablet and desktop). It is the user's choice and is kept across
 * reloads; on a phone the menu is a drawer instead and this is left alone.
 */
export const menuCollapsedAtom = atomWithStorage('menuCollapsed', false, undefined, { getOnInit: true });

export const sessionStateAtom = atom<SessionState>(0);

/** The case the inbox entry clears when it is selected (part 1 §2, Shell); set by the cases screens. */
export const selectedCaseIdAtom = atom<string | null>(null);

/** A new version of the console took over; the page offers to reload into it. */
export const updateReadyAtom = atom(false);
