import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InstanceDoc } from '../../domain/sync/documents.gen.ts';
import { useDateFormat } from '../../ui/useDateFormat.ts';
import { InstanceStatusBadge } from './InstanceBadges.tsx';
import { TEXT_LINK } from './linkClasses.ts';
import { ValueList } from './ValueList.tsx';

/** flowVersion: the version the run started on, or the flow's current one for runs from before versions. */
type Props = { instance: InstanceDoc; appName: string | null; flowName: string | null; flowVersion: number | null };

/** The General fold (part 1 §2): status, started, ended when it has, and what the run belongs to and carries. */
export function InstanceGeneral({ instance, appName, flowName, flowVersion }: Props) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const rows: [string, string, ReactNode][] = [
    ['status', t('apps.instance.status'), <InstanceStatusBadge key="status" status={instance.status} />],
    ['started', t('apps.instance.started'), instance.startDate === null ? '—' : formatDate(instance.startDate)],
    ...(instance.endDate === null ? [] : ([['ended', t('apps.instance.ended'), formatDate(instance.endDate)]] as [string, string, ReactNode][])),
    [
      'app',
      t('apps.instance.app'),
      <Link key="app" to="/apps/history" search={{ appId: instance.appId }} className={TEXT_LINK}>
        {appName ?? instance.appId}
      </Link>,
    ],
    ['flow', t('apps.instance.flow'), flowName ?? instance.flowId ?? '—'],
    ...(instance.flowId === null ? [] : ([['flowVersion', t('apps.instance.flowVersion'), flowVersion === null ? '—' : String(flowVersion)]] as [string, string, ReactNode][])),
    ['attempt', t('apps.instance.attempt'), String(instance.attempt)],
    ...(instance.currentStage === null ? [] : ([['currentStage', t('apps.instance.currentStage'), instance.currentStage]] as [string, string, ReactNode][])),
    ...(instance.error === null ? [] : ([['error', t('apps.instance.error'), <span key="error" className="text-red-800">{instance.error}</span>]] as [string, string, ReactNode][])),
  ];
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([key, label, value]) => (
          <div key={key} className="contents" data-field={key}>
            <dt className="text-slate-600">{label}</dt>
            <dd className="min-w-0 break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-slate-800">{t('apps.instance.values')}</h3>
        <ValueList values={instance.values} emptyText={t('apps.instance.noValues')} label={t('apps.instance.values')} />
      </div>
    </div>
  );
}
