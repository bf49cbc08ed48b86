import { useTranslation } from 'react-i18next';
import { useCount } from '../../data/replica.ts';
import { COUNTER_QUERIES } from '../routes.ts';
import type { CounterKey } from '../routes.ts';

type Props = { counter: CounterKey; collapsed: boolean };

/**
 * A menu entry's count, read from the replica; nothing shows until the replica has answered. Folded, the count
 * sits on the icon's corner inside the 64 px rail instead of running past its edge.
 */
export function MenuCounter({ counter, collapsed }: Props) {
  const { t } = useTranslation();
  const { collection, selector } = COUNTER_QUERIES[counter];
  const count: number | null | undefined = useCount(collection, selector);
  if (typeof count !== 'number') return null;
  return (
    <span
      className={`rounded-full bg-white font-semibold text-brand ${collapsed ? 'absolute top-0.5 right-0.5 min-w-5 px-1 text-center text-[10px] leading-4' : 'px-2 text-xs'}`}
    >
      <span aria-hidden="true" data-counter={counter}>
        {count}
      </span>
      <span className="sr-only">{t('menu.counterLabel', { count })}</span>
    </span>
  );
}
