import { useTranslation } from 'react-i18next';
import { firstProblem } from '../../../domain/engine/flowValidation.ts';
import type { FlowDoc } from '../../../domain/sync/documents.gen.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { Button } from '../../../ui/Button.tsx';
import { SaveStatus } from './SaveStatus.tsx';
import type { FlowEditor } from './useFlowEditor.ts';

type Props = { flow: FlowDoc; editor: FlowEditor; readOnly: boolean; onSave: () => void; onFitView: () => void; onSelectStage: (key: string) => void };

/** The flow's name, undo/redo, fit view, Save (disabled with the reason while the flow is invalid) and the save status. */
export function ModelerToolbar({ flow, editor, readOnly, onSave, onFitView, onSelectStage }: Props) {
  const { t } = useTranslation();
  const first = firstProblem(editor.validation);
  const problemCount = editor.validation.flowProblems.length + [...editor.validation.stageProblems.values()].reduce((n, list) => n + list.length, 0);
  const stageName = (key: string) => editor.graph.find((s) => s.key === key)?.name || key;
  const reason = first === null ? null : first.stageKey === null ? t(`flows.problems.${first.problem.code}`, { ...first.problem.values }) : t('flows.modeler.problemsOn', { stage: stageName(first.stageKey), problem: t(`flows.problems.${first.problem.code}`, { ...first.problem.values, example: '{{email}}' }) });
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h1 className="text-2xl font-semibold break-words text-slate-900">{flow.name}</h1>
          {readOnly && <Badge tone="neutral">{t('flows.modeler.readOnly')}</Badge>}
        </div>
        {!readOnly && <SaveStatus flowId={flow.id} dirty={editor.dirty} valid={editor.validation.valid} savedAt={editor.savedAt} />}
      </div>
      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label={t('flows.modeler.title')}>
        {!readOnly && (
          <>
            <Button variant="secondary" size="sm" onClick={editor.undo} disabled={!editor.canUndo} aria-keyshortcuts="Control+Z">
              {t('flows.modeler.undo')}
            </Button>
            <Button variant="secondary" size="sm" onClick={editor.redo} disabled={!editor.canRedo} aria-keyshortcuts="Control+Shift+Z">
              {t('flows.modeler.redo')}
            </Button>
          </>
        )}
        <Button variant="secondary" size="sm" onClick={onFitView}>
          {t('flows.modeler.fitView')}
        </Button>
        {!readOnly && (
          <Button size="sm" onClick={onSave} disabled={!editor.dirty || !editor.validation.valid || editor.saving} aria-describedby={reason === null ? undefined : 'save-blocked'}>
            {editor.saving ? t('flows.modeler.saving') : t('flows.modeler.save')}
          </Button>
        )}
        {problemCount > 0 && <Badge tone="red">{t('flows.modeler.problemCount', { count: problemCount })}</Badge>}
      </div>
      {!readOnly && reason !== null && (
        <p id="save-blocked" className="text-sm text-red-800" data-testid="save-blocked">
          {first?.stageKey ? (
            <button type="button" className="text-left underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-focus" onClick={() => onSelectStage(first.stageKey!)}>
              {t('flows.modeler.invalid', { reason })}
            </button>
          ) : (
            t('flows.modeler.invalid', { reason })
          )}
        </p>
      )}
    </div>
  );
}
