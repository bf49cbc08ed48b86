import { Link, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { canRetryInstance, isActiveInstance } from '../../domain/engine/instanceStatus.ts';
import { Badge } from '../../ui/Badge.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';
import { usePendingIds } from '../settings/usePendingIds.ts';
import { InstanceGeneral } from './InstanceGeneral.tsx';
import { InstanceStages } from './InstanceStages.tsx';
import { Fold } from './Fold.tsx';
import { RetryPanel } from './RetryPanel.tsx';
import { TEXT_LINK } from './linkClasses.ts';
import { useInstance } from './useAppInstances.ts';
import { useAppsData } from './useAppsData.ts';
import { useEngineRejections } from './useEngineRejections.ts';

/**
 * Part 1 §2 Instance detail (/instances/{id}): the General and Stages accordions and, for a failed run, Retry.
 * The spec carries the instance in navigation state; this screen reads it from the replica by id instead, so a
 * reload or a shared link opens it too, and it follows the engine live while the instance runs.
 */
export function InstanceScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  useEngineRejections();
  const { instanceId } = useParams({ strict: false }) as { instanceId?: string };
  const id = instanceId ?? '';
  const { instance, stages, arrived } = useInstance(id);
  const data = useAppsData();
  const pending = usePendingIds(['instance.'], ['id', 'ids']);
  useDocumentTitle(instance ? t('apps.instance.title', { id: instance.name || instance.id }) : null, t('apps.title'));

  if (instance === undefined || (instance === null && !arrived)) {
    return (
      <p role="status" className="text-slate-600">
        {instance === undefined ? t('apps.instance.loading') : t('apps.history.notLoadedYet')}
      </p>
    );
  }
  if (instance === null) {
    return (
      <section aria-labelledby="instance-title" className="flex flex-col gap-4">
        <h1 id="instance-title" className="sr-only">
          {t('apps.instance.notFound')}
        </h1>
        <EmptyState
          title={t('apps.instance.notFound')}
          text={t('apps.instance.notFoundText')}
          action={
            <Link to="/apps" className={TEXT_LINK}>
              {t('apps.edit.backToApps')}
            </Link>
          }
        />
      </section>
    );
  }

  const app = data.appById(instance.appId);
  const flow = instance.flowId === null ? undefined : data.flows.find((f) => f.id === instance.flowId);
  // A run with no version of its own (started before versions, or not yet confirmed by the server) runs on the
  // flow's current version, as the server reads it; documents replicated before the column existed lack both.
  const flowVersion = instance.flowVersion ?? flow?.version ?? null;
  return (
    <section aria-labelledby="instance-title" className="flex min-w-0 flex-col gap-4" data-instance-id={instance.id}>
      <div className="flex flex-col gap-1">
        <h1 id="instance-title" className="text-2xl font-semibold break-words text-slate-900">
          {instance.name || instance.id}
        </h1>
        <p className="font-mono text-xs break-all text-slate-600">{instance.id}</p>
        {pending.has(instance.id) && (
          <Badge tone="yellow" className="self-start">
            {t('apps.pending')}
          </Badge>
        )}
        {isActiveInstance(instance.status) && (
          <p role="status" className="text-sm text-slate-700">
            {t('apps.instance.live')}
          </p>
        )}
      </div>
      {canRetryInstance(instance.status) && <RetryPanel instanceId={instance.id} />}
      <Fold id="general" title={t('apps.instance.general')}>
        <InstanceGeneral
          instance={instance}
          appName={app?.name ?? null}
          flowName={flow?.name ?? null}
          flowVersion={flowVersion}
        />
      </Fold>
      <Fold id="stages" title={t('apps.instance.stages')} summary={<span className="text-sm text-slate-600">{stages.length}</span>}>
        <InstanceStages stages={stages} />
      </Fold>
    </section>
  );
}
