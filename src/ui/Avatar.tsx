import { colorSlot } from '../domain/tickets/inboxRules.ts';

/** Six strong colours, white initials on each (contrast above 4.5:1). */
const COLORS: Record<number, string> = {
  1: 'bg-sky-700',
  2: 'bg-emerald-700',
  3: 'bg-amber-700',
  4: 'bg-rose-700',
  5: 'bg-violet-700',
  6: 'bg-teal-700',
};

type Props = {
  /** The person's full name: the tooltip and what screen readers hear. */
  name: string;
  /** The letters shown; a person's initials (the note's agent prefix of part 2 §3). */
  initials: string;
  /** What picks the colour, so one person keeps one colour (their id, or their name). */
  colorKey?: string;
  size?: 'sm' | 'md';
};

/**
 * A person as a coloured round badge with their initials and their name on hover. Round, coloured and named, so
 * "NA" (Nico Agent) cannot be read as the "N/A" of an empty field.
 */
export function Avatar({ name, initials, colorKey, size = 'sm' }: Props) {
  const color = COLORS[colorSlot(colorKey ?? name)] ?? COLORS[1]!;
  const sizing = size === 'sm' ? 'h-7 w-7 text-[11px]' : 'h-9 w-9 text-sm';
  return (
    <span
      role="img"
      aria-label={name}
      title={name}
      data-testid="avatar"
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-bold tracking-wide text-white ${sizing} ${color}`}
    >
      <span aria-hidden="true">{initials.slice(0, 3)}</span>
    </span>
  );
}
