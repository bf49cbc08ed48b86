import { Link, useRouter, useSearch } from '@tanstack/react-router';
import { ReactFlowProvider } from '@xyflow/react';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { accountAtom } from '../../../app/state/accountAtoms.ts';
import { useDoc, useSyncStatus } from '../../../data/replica.ts';
import { enabledModuleSet } from '../../../domain/access/modules.ts';
import { hasReadOnlyFlows } from '../../../domain/mutations/flowMutations.ts';
import type { FlowDoc } from '../../../domain/sync/documents.gen.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { useDocumentTitle } from '../../../ui/useDocumentTitle.ts';
import type { ScreenProps } from '../../shell/ComingSoonScreen.tsx';
import { validateFlowSearch } from '../flowsSearch.ts';
import { FlowModeler } from './FlowModeler.tsx';
import { useModelerData } from './useModelerData.ts';

/**
 * Part 1 §2 Flow modeler (/flows/flow?canEditFlow&isNewFlow&id), our own on @xyflow/react. This module is the
 * route's chunk: the canvas library and its styles load only here. Editing needs `canEditFlow=true`, the MODELER
 * module and not the WFREADONLY right (part 1 §6); otherwise the canvas is read-only. A new flow without an id
 * goes back to the previous page; an unknown id shows not found.
 */
export function FlowModelerScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const search = validateFlowSearch(raw);
  const router = useRouter();
  const account = useAtomValue(accountAtom)?.account;
  const doc = useDoc('config', search.id);
  const data = useModelerData();
  const status = useSyncStatus();
  const flow = flowOrNull(doc);
  useDocumentTitle(flow?.name, t('flows.modeler.title'));
  const goBack = search.id === undefined && search.isNewFlow === true;
  useEffect(() => {
    if (goBack) router.history.back();
  }, [goBack, router]);

  if (goBack) return null;
  const configArrived = status.loaded === null || status.loaded.includes('config');
  if (doc === undefined || (flowOrNull(doc) !== null && data.loading) || (doc === null && search.id !== undefined && !configArrived && status.problem === null)) {
    return (
      <p role="status" className="text-slate-600">
        {t('flows.modeler.loading')}
      </p>
    );
  }
  if (flow === null) {
    return (
      <EmptyState
        icon="search"
        title={t('flows.modeler.notFound')}
        text={t('flows.modeler.notFoundText')}
        action={
          <Link to="/flows" className="font-semibold text-brand underline underline-offset-2">
            {t('flows.modeler.backToList')}
          </Link>
        }
      />
    );
  }
  const rightReadOnly = hasReadOnlyFlows(account?.rights) || !enabledModuleSet(account?.enabledModules).has('MODELER');
  const readOnly = rightReadOnly || search.canEditFlow !== true;
  return (
    <section aria-label={t('flows.modeler.titleNamed', { name: flow.name })} className="flex min-w-0 flex-col gap-2" data-read-only={readOnly ? 'true' : 'false'}>
      {readOnly && (
        <p className="rounded-lg bg-slate-100 p-2 text-sm text-slate-800" data-testid="read-only-reason">
          {rightReadOnly ? t('flows.modeler.readOnlyRight') : t('flows.modeler.readOnlyLink')}
        </p>
      )}
      <ReactFlowProvider>
        <FlowModeler key={flow.id} flow={flow} readOnly={readOnly} data={data} />
      </ReactFlowProvider>
    </section>
  );
}

const flowOrNull = (doc: unknown): FlowDoc | null => {
  const d = doc as FlowDoc | null | undefined;
  return d && d.kind === 'flow' && !d.deleted ? d : null;
};
