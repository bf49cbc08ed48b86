import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Health, Lights } from '../../../domain/dashboard/ticketHealth.ts';
import { Badge, type BadgeTone } from '../../../ui/Badge.tsx';
import type { LoadState } from '../main/dashboardTypes.ts';

export const HEALTH_TONE: Record<Health, BadgeTone> = { healthy: 'green', warning: 'yellow', critical: 'red' };
const LIGHT_OF: Record<Health, 'green' | 'yellow' | 'red'> = { healthy: 'green', warning: 'yellow', critical: 'red' };
const DOT: Record<'green' | 'yellow' | 'red', string> = { green: 'bg-green-600', yellow: 'bg-yellow-500', red: 'bg-red-600' };
const LIGHTS = ['green', 'yellow', 'red'] as const;
type Light = (typeof LIGHTS)[number];
const CHIP: Record<'green' | 'yellow' | 'red', string> = { green: 'bg-green-100 text-green-900', yellow: 'bg-yellow-100 text-yellow-900', red: 'bg-red-100 text-red-900' };

/** Numbers in the reader's language (1,234 / 1.234). */
export function useNumber() {
  const { i18n } = useTranslation();
  return (n: number) => n.toLocaleString(i18n.language);
}

/** A health state as a coloured badge that also says it in words: colour is never the only sign. */
export function HealthBadge({ health, label, field }: { health: Health; label?: string; field?: string }) {
  const { t } = useTranslation();
  const words = t(`dashboardPeople.health.${health}`);
  return (
    <span data-field={field} data-health={health} className="inline-flex">
      <Badge tone={HEALTH_TONE[health]}>
        <span aria-hidden="true" className={`mr-1 h-2 w-2 rounded-full ${DOT[LIGHT_OF[health]]}`} />
        {label ?? words}
      </Badge>
    </span>
  );
}

/**
 * Green, yellow and red counts as three labelled chips ('On time 3'); each number carries `data-field` as
 * `<prefix>-green` (or just `green` without a prefix) for the journeys to read.
 */
export function LightChips({ lights, prefix }: { lights: { green: number; yellow: number; red: number }; prefix?: string }) {
  const { t } = useTranslation();
  const number = useNumber();
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      {LIGHTS.map((light) => (
        <span key={light} className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${CHIP[light]}`}>
          <span aria-hidden="true" className={`h-2 w-2 rounded-full ${DOT[light]}`} />
          {t(`dashboardPeople.light.${light}`)}
          <span className="tabular-nums" data-field={prefix === undefined ? light : `${prefix}-${light}`}>
            {number(lights[light])}
          </span>
        </span>
      ))}
    </span>
  );
}

/** The frame both people cards share: a section named by its h2, an optional badge beside the title. */
export function PeopleCard({ card, title, aside, state, children }: { card: string; title: string; aside?: ReactNode; state: LoadState; children: ReactNode }) {
  const id = `${card}-title`;
  return (
    <section aria-labelledby={id} data-card={card} data-state={state} className="@container flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** Loading, failure and empty lines of the people cards. */
export function CardMessage({ kind, text, detail }: { kind: 'loading' | 'error' | 'empty'; text: string; detail?: string }) {
  if (kind === 'loading') {
    return (
      <p role="status" className="text-slate-600">
        {text}
      </p>
    );
  }
  return (
    <div role={kind === 'error' ? 'alert' : undefined} className={`rounded-lg border border-dashed px-4 py-6 text-center ${kind === 'error' ? 'border-red-300 bg-red-50' : 'border-slate-300'}`}>
      <p className={`font-semibold ${kind === 'error' ? 'text-red-900' : 'text-slate-900'}`}>{text}</p>
      {detail !== undefined && <p className="text-sm text-slate-700">{detail}</p>}
    </div>
  );
}

export type LightsRow = { key: string; label: ReactNode; lights: Lights; field?: string; attrs?: Record<`data-${string}`, string> };

/**
 * Rows of open tickets by light as a small table (row, Total, On time, Warning, Running late): compact enough for
 * a phone, and a screen reader names each figure by its row and column. Numbers carry `data-field` as
 * `<field>` (the total) and `<field>-green` etc., or `tickets` and `green` etc. without a field.
 */
export function LightsTable({ caption, rowHeader, rows }: { caption: string; rowHeader: string; rows: LightsRow[] }) {
  const { t } = useTranslation();
  const number = useNumber();
  const name = (row: LightsRow, light?: Light) => (light === undefined ? (row.field ?? 'tickets') : row.field === undefined ? light : `${row.field}-${light}`);
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-xs text-slate-700">
          <th scope="col" className="pb-1 text-left align-bottom font-medium">
            {rowHeader}
          </th>
          <th scope="col" className="pb-1 pl-1 text-right align-bottom font-medium">
            {t('dashboardPeople.total')}
          </th>
          {LIGHTS.map((light) => (
            <th key={light} scope="col" className="pb-1 pl-1 text-right align-bottom text-[11px] leading-tight font-medium">
              <span aria-hidden="true" className={`mb-0.5 ml-auto block h-2 w-2 rounded-full ${DOT[light]}`} />
              {t(`dashboardPeople.lightShort.${light}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-t border-slate-200" {...row.attrs}>
            <th scope="row" className="py-1 text-left font-medium [overflow-wrap:anywhere] text-slate-900">
              {row.label}
            </th>
            <td className="py-1 pl-1 text-right font-semibold text-slate-900 tabular-nums" data-field={name(row)}>
              {number(row.lights.total)}
            </td>
            {LIGHTS.map((light) => (
              <td key={light} className="py-1 pl-1 text-right text-slate-900 tabular-nums" data-field={name(row, light)}>
                {number(row.lights[light])}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
