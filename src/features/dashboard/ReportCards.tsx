import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { durationParts, RECENT_DAYS, STALE_DAYS, type AlertLevel, type CaseTypeReport } from '../../domain/cases/caseTypeReport.ts';
import { Badge, type BadgeTone } from '../../ui/Badge.tsx';

const LEVEL_TONE: Record<AlertLevel, BadgeTone> = { ok: 'green', warning: 'yellow', critical: 'red' };

function Card({ id, title, children, aside }: { id: string; title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <article aria-labelledby={`card-${id}`} data-card={id} className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`card-${id}`} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </article>
  );
}

function Figures({ items }: { items: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="text-right font-semibold text-slate-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const Big = ({ children, label }: { children: ReactNode; label: string }) => (
  <p className="flex flex-col">
    <span className="text-3xl font-semibold text-slate-900 tabular-nums">{children}</span>
    <span className="text-sm text-slate-600">{label}</span>
  </p>
);

/** A bar of a share (0–100), drawn for the eye; the figure beside it is what a screen reader reads. */
const Bar = ({ percent, tone }: { percent: number; tone: string }) => (
  <div aria-hidden="true" className="h-2 w-full overflow-hidden rounded-full bg-slate-100">
    <div className={`h-full rounded-full ${tone}`} style={{ width: `${Math.min(100, Math.max(0, percent))}%` }} />
  </div>
);

/** Part 2 §2: the report's four cards; what each figure means is set out in src/domain/cases/caseTypeReport.ts. */
export function ReportCards({ report }: { report: CaseTypeReport }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => value.toLocaleString(i18n.language);
  const { overview, alert, overall, impact } = report;
  const k = (key: string) => `caseActivity.report.${key}`;
  const average = impact.averageResolutionMs === null ? null : t(k('impact.duration'), durationParts(impact.averageResolutionMs));
  const signed = (value: number) => (value > 0 ? `+${number(value)}` : number(value));
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2 2xl:grid-cols-4">
      <Card id="overview" title={t(k('overview.title'))}>
        <Big label={t(k('overview.total'))}>{number(overview.total)}</Big>
        <Figures
          items={[
            [t(k('overview.created')), number(overview.created)],
            [t(k('overview.progress')), number(overview.progress)],
            [t(k('overview.completed')), number(overview.completed)],
          ]}
        />
      </Card>
      <Card id="alert" title={t(k('alert.title'))} aside={<Badge tone={LEVEL_TONE[alert.level]}>{t(k(`alert.${alert.level}`))}</Badge>}>
        <Big label={t(k('alert.stale'), { days: STALE_DAYS })}>{number(alert.stale)}</Big>
        <Bar percent={alert.sharePercent} tone={alert.level === 'critical' ? 'bg-red-600' : 'bg-amber-500'} />
        <p className="text-sm text-slate-700">{t(k('alert.share'), { percent: number(alert.sharePercent), active: number(alert.active) })}</p>
      </Card>
      <Card id="overall" title={t(k('overall.title'))}>
        <Big label={t(k('overall.completion'))}>{`${number(overall.completionPercent)} %`}</Big>
        <Bar percent={overall.completionPercent} tone="bg-green-600" />
        <Figures
          items={[
            [t(k('overall.resolved')), number(overall.resolved)],
            [t(k('overall.denied')), number(overall.denied)],
          ]}
        />
        <p className="text-sm text-slate-700">{t(k('overall.deniedShare'), { percent: number(overall.deniedPercent) })}</p>
      </Card>
      <Card id="impact" title={t(k('impact.title'))} aside={<Badge>{t(k('impact.period'), { days: RECENT_DAYS })}</Badge>}>
        <Figures
          items={[
            [t(k('impact.opened')), number(impact.opened)],
            [t(k('impact.closed')), number(impact.closed)],
            [t(k('impact.backlog')), signed(impact.backlogChange)],
          ]}
        />
        <div className="flex flex-col border-t border-slate-100 pt-2">
          <span className="text-sm text-slate-600">{t(k('impact.average'))}</span>
          <span className="text-xl font-semibold text-slate-900">{average ?? t(k('impact.noAverage'))}</span>
          {average !== null && <span className="text-xs text-slate-600">{t(k('impact.averageOf'), { count: impact.sampled })}</span>}
        </div>
      </Card>
    </div>
  );
}
