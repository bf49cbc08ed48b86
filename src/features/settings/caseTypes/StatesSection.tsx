import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isVisibleState } from '../../../domain/cases/caseProgress.ts';
import type { CaseStateDoc } from '../../../domain/sync/documents.gen.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { Button } from '../../../ui/Button.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { StateFormDialog } from './StateFormDialog.tsx';

type Props = { caseTypeId: string; states: readonly CaseStateDoc[]; pendingIds: ReadonlySet<string>; canEdit: boolean };

/** The case type's states in order (part 2 §3: id, description, order, hide), each edited in the state form. */
export function StatesSection({ caseTypeId, states, pendingIds, canEdit }: Props) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<CaseStateDoc | 'new' | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  return (
    <section aria-labelledby="states-heading" className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="states-heading" className="text-lg font-semibold text-slate-900">
          {t('caseTypes.states.heading')}
        </h2>
        {canEdit && (
          <Button ref={newButton} size="sm" onClick={() => setEditing('new')}>
            {t('caseTypes.states.new')}
          </Button>
        )}
      </div>
      {states.length === 0 ? (
        <EmptyState icon="empty" title={t('caseTypes.states.none')} text={t('caseTypes.states.noneText')} />
      ) : (
        <ul className="divide-y divide-slate-200" data-testid="case-states">
          {states.map((state) => (
            <li key={state.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-state={state.stateKey} data-hidden={state.hide}>
              <span className="flex min-w-0 items-center gap-3">
                <span className="w-8 shrink-0 text-right font-mono text-sm text-slate-600" title={t('caseTypes.states.order')}>
                  <span className="sr-only">{t('caseTypes.states.order')} </span>
                  {state.order}
                </span>
                <span className="flex min-w-0 flex-col">
                  <span className="font-mono text-sm font-semibold break-all text-slate-900">{state.stateKey}</span>
                  <span className="text-sm break-words text-slate-700">{state.description}</span>
                </span>
              </span>
              <span className="flex flex-wrap items-center gap-2">
                {state.hide && <Badge tone="grey">{t('caseTypes.states.hidden')}</Badge>}
                {!state.hide && !isVisibleState(state) && <Badge tone="grey">{t('caseTypes.states.outOfProgress')}</Badge>}
                {pendingIds.has(state.id) && <Badge tone="yellow">{t('settings.pending')}</Badge>}
                {canEdit && (
                  <Button size="sm" variant="secondary" onClick={() => setEditing(state)} aria-label={t('caseTypes.states.editNamed', { id: state.stateKey })}>
                    {t('caseTypes.states.edit')}
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <StateFormDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        caseTypeId={caseTypeId}
        state={editing === 'new' ? null : editing}
        takenKeys={states.map((s) => s.stateKey)}
      />
    </section>
  );
}
