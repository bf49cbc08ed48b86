import { useTranslation } from 'react-i18next';
import type { LightCounts as Counts } from '../../domain/tickets/inboxRules.ts';
import { LIGHT_CLASSES } from './badgeColors.ts';

const ORDER = ['green', 'yellow', 'red'] as const;

/** Counts per light indicator with the list labels On time / Warning / Running late (part 2 §4). */
export function LightCounts({ counts }: { counts: Counts }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap items-center gap-1.5" data-testid="light-counts">
      {ORDER.map((light) => (
        <span key={light} data-light={light} className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${LIGHT_CLASSES[light]}`}>
          <span aria-hidden="true" className={`h-2 w-2 rounded-full ${light === 'green' ? 'bg-green-600' : light === 'yellow' ? 'bg-yellow-500' : 'bg-red-600'}`} />
          {t(`tickets.light.${light}`)} {counts[light]}
        </span>
      ))}
    </span>
  );
}
