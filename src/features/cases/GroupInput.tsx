import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clampGroup, groupCount } from '../../domain/cases/caseHistoryQuery.ts';

type Props = { group: number; total: number; onGroup: (group: number) => void };

/**
 * Part 2 §2: cases come in groups of 500 and the group input is clamped between 1 and the number of groups. The
 * number typed is applied on Enter or when the field is left, clamped, and the field then shows the group applied.
 */
export function GroupInput({ group, total, onGroup }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const groups = groupCount(total);
  const [text, setText] = useState(String(group));
  useEffect(() => setText(String(group)), [group]);
  const apply = () => {
    const next = clampGroup(Number(text), total);
    setText(String(next));
    if (next !== group) onGroup(next);
  };
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="font-semibold text-slate-800">
        {t('cases.history.group')}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={groups}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={apply}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply();
        }}
        aria-describedby={`${id}-of`}
        className="w-20 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-slate-900 focus-visible:outline-2 focus-visible:outline-focus"
      />
      <span id={`${id}-of`} className="text-slate-700">
        {t('cases.history.groupOf', { count: groups })}
        <span className="sr-only">. {t('cases.history.groupHint')}</span>
      </span>
    </div>
  );
}
