type Props = {
  label: string;
  colorClass: string;
  /** When given, the badge is a toggle button that selects what it names. */
  onToggle?: () => void;
  selected?: boolean;
  title?: string;
  count?: number;
};

/** A team, member or case-type badge in its colour; selectable where it filters the inbox. */
export function ColorBadge({ label, colorClass, onToggle, selected = false, title, count }: Props) {
  const body = (
    <>
      {label}
      {count !== undefined && <span className="rounded-full bg-white/70 px-1.5 text-[11px]">{count}</span>}
    </>
  );
  const base = `inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-semibold ${colorClass}`;
  if (onToggle === undefined) {
    return (
      <span className={base} title={title}>
        {body}
      </span>
    );
  }
  return (
    <button
      type="button"
      title={title}
      aria-pressed={selected}
      onClick={onToggle}
      className={`${base} ${selected ? 'ring-2' : 'ring-0'} hover:ring-1 focus-visible:outline-2 focus-visible:outline-focus`}
    >
      {body}
    </button>
  );
}
