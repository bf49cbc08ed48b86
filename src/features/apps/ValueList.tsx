import { valuePairs } from '../../domain/engine/instanceValues.ts';

type Props = { values: unknown; emptyText: string; label: string };

/** Instance or stage values as a readable name/value list (long values wrap, nothing runs past the edge). */
export function ValueList({ values, emptyText, label }: Props) {
  const pairs = valuePairs(values);
  if (pairs.length === 0) return <p className="text-sm text-slate-600">{emptyText}</p>;
  return (
    <dl aria-label={label} className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
      {pairs.map(({ name, value }) => (
        <div key={name} className="contents">
          <dt className="font-semibold break-all text-slate-700">{name}</dt>
          <dd className="min-w-0 font-mono text-xs break-all whitespace-pre-wrap text-slate-900 sm:text-sm">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
