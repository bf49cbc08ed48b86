import { colorSlot, teamColorSlot } from '../../domain/tickets/inboxRules.ts';

/** The six colour classes of teams (part 1 §5), reused for members and case types, which carry no colour. */
const SLOTS: Record<number, string> = {
  1: 'bg-sky-100 text-sky-900 ring-sky-300',
  2: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  3: 'bg-amber-100 text-amber-900 ring-amber-300',
  4: 'bg-rose-100 text-rose-900 ring-rose-300',
  5: 'bg-violet-100 text-violet-900 ring-violet-300',
  6: 'bg-teal-100 text-teal-900 ring-teal-300',
};

export const teamBadgeClass = (color: string | null | undefined) => SLOTS[teamColorSlot(color)] ?? SLOTS[1]!;
export const idBadgeClass = (id: string) => SLOTS[colorSlot(id)] ?? SLOTS[1]!;

export const LIGHT_CLASSES = {
  green: 'bg-green-100 text-green-900',
  yellow: 'bg-yellow-100 text-yellow-900',
  red: 'bg-red-100 text-red-900',
} as const;
