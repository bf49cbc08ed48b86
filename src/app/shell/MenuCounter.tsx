import { useTranslation } from 'react-i18next';
import { useCount } from '../../data/replica.ts';
import { COUNTER_QUERIES } from '../routes.ts';
import type { CounterKey } from '../routes.ts';

type Props = { counter: CounterKey; collapsed: boolean };

/** A menu entry's count, read from the replica; nothing shows until the replica has answered. */
export function MenuCounter({ counter, collapsed }: Props) {
  const { t } = useTranslation();
  const { collection, selector } = COUNTER_QUERIES[counter];
  const count: number | null | undefined = useCount(collection, selector);
  if (typeof count !== 'number') return null;
  return (
    <span
      data-counter={counter}
      aria-label={t('menu.counterLabel', { count })}
      className={`rounded-full bg-white px-2 text-xs font-semibold text-brand ${collapsed ? 'absolute ml-6 -mt-5 px-1.5' : ''}`}
    >
      {count}
    </span>
  );
}
