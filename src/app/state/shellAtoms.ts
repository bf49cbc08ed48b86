import { atom } from 'jotai';
import type { SessionState } from '../../domain/session/sessionClock.ts';

/** Whether the user folded the menu; below 570 px the shell folds it regardless. */
export const menuCollapsedAtom = atom(false);

export const sessionStateAtom = atom<SessionState>(0);

/** The case the inbox entry clears when it is selected (part 1 §2, Shell); set by the cases screens. */
export const selectedCaseIdAtom = atom<string | null>(null);

/** A new version of the console took over; the page offers to reload into it. */
export const updateReadyAtom = atom(false);
