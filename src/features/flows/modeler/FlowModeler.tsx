import { useReactFlow } from '@xyflow/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../app/state/toastAtoms.ts';
import { addStage, freePosition, removeStage, removeTransition, type Point } from '../../../domain/engine/flowCanvas.ts';
import type { NodeType } from '../../../domain/engine/flowGraph.ts';
import type { StageProblem } from '../../../domain/engine/flowValidation.ts';
import type { FlowDoc } from '../../../domain/sync/documents.gen.ts';
import { isTypingTarget } from '../../../ui/useShortcuts.ts';
import { FlowCanvas } from './FlowCanvas.tsx';
import { ModelerToolbar } from './ModelerToolbar.tsx';
import { FIT_VIEW, type Selection } from './selection.ts';
import { StagePalette } from './StagePalette.tsx';
import { StagePanel } from './StagePanel.tsx';
import { TransitionPanel } from './TransitionPanel.tsx';
import { useAutosave } from './useAutosave.ts';
import { useFlowEditor } from './useFlowEditor.ts';
import type { ModelerData } from './useModelerData.ts';

const NO_PROBLEMS: readonly StageProblem[] = [];

type Props = { flow: FlowDoc; readOnly: boolean; data: ModelerData };

/**
 * The modeler of one flow: palette, canvas and side panel, the toolbar (undo/redo, fit view, save and where the
 * changes are), the keyboard (Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y, Delete), and the autosave every 30 s and on leaving.
 */
export function FlowModeler({ flow, readOnly, data }: Props) {
  const { t } = useTranslation();
  const editor = useFlowEditor(flow, data.templates);
  const [selection, setSelection] = useState<Selection>(null);
  const { screenToFlowPosition, fitView } = useReactFlow();
  const canvasBox = useRef<HTMLDivElement>(null);

  const saveNow = useCallback(async () => {
    const result = await editor.save();
    if (result && !result.ok) showToast('error', t('flows.modeler.saveFailed'), { detail: result.message });
  }, [editor, t]);
  useAutosave(saveNow, !readOnly);

  const { update } = editor;
  const add = useCallback(
    (type: NodeType, position?: Point) => {
      let key = '';
      update((graph) => {
        let at = position;
        if (at === undefined) {
          const box = canvasBox.current?.getBoundingClientRect();
          const center = box ? screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height / 2 }) : { x: 0, y: 0 };
          at = freePosition(graph, { x: Math.round(center.x - 104), y: Math.round(center.y - 40) });
        }
        const result = addStage(graph, type, { x: Math.round(at.x), y: Math.round(at.y) });
        key = result.key;
        return result.stages;
      });
      setSelection({ kind: 'stage', key });
    },
    [update, screenToFlowPosition],
  );

  const deleteSelection = useCallback(() => {
    if (readOnly || selection === null) return;
    update((graph) => (selection.kind === 'stage' ? removeStage(graph, selection.key) : removeTransition(graph, selection.from, selection.to)));
    setSelection(null);
  }, [update, readOnly, selection]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (readOnly || isTypingTarget(event.target) || document.querySelector('[role="dialog"]') !== null) return;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (mod && key === 'z') editor[event.shiftKey ? 'redo' : 'undo']();
      else if (mod && key === 'y') editor.redo();
      else if (!mod && (event.key === 'Delete' || event.key === 'Backspace') && selection !== null) deleteSelection();
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [editor, readOnly, selection, deleteSelection]);

  const stage = selection?.kind === 'stage' ? editor.graph.find((s) => s.key === selection.key) : undefined;
  const edgeFrom = selection?.kind === 'edge' ? editor.graph.find((s) => s.key === selection.from) : undefined;

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <ModelerToolbar flow={flow} editor={editor} readOnly={readOnly} onSave={() => void saveNow()} onFitView={() => void fitView({ ...FIT_VIEW, duration: 200 })} onSelectStage={(key) => setSelection({ kind: 'stage', key })} />
      {!readOnly && <StagePalette onAdd={add} />}
      <div className="grid min-w-0 gap-3 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div ref={canvasBox} className="h-[60vh] min-h-80 min-w-0 overflow-hidden rounded-xl border border-slate-300 bg-slate-50 lg:h-[calc(100vh-16rem)]" data-testid="flow-canvas">
          <FlowCanvas editor={editor} readOnly={readOnly} selection={selection} onSelect={setSelection} onAdd={add} />
        </div>
        <aside aria-label={t('flows.modeler.panel')} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 lg:max-h-[calc(100vh-16rem)] lg:overflow-y-auto">
          {stage ? (
            <StagePanel key={stage.key} graph={editor.graph} update={update} stage={stage} problems={editor.validation.stageProblems.get(stage.key) ?? NO_PROBLEMS} readOnly={readOnly} teams={data.teams} hiTemplates={data.hiTemplates} templates={data.templates} onSelect={setSelection} onDelete={deleteSelection} />
          ) : edgeFrom && selection?.kind === 'edge' ? (
            <TransitionPanel key={`${selection.from}->${selection.to}`} editor={editor} from={edgeFrom} to={selection.to} readOnly={readOnly} onDeleted={() => setSelection(null)} />
          ) : (
            <p className="text-sm text-slate-600">{t('flows.modeler.nothingSelected')}</p>
          )}
        </aside>
      </div>
    </div>
  );
}
