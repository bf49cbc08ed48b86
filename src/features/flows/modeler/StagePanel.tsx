import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { conditionSummary } from '../../../domain/engine/conditionRules.ts';
import { connect, connectRefusal, moveTransition, removeTransition, sameButPosition, sameButPositions, updateStage } from '../../../domain/engine/flowCanvas.ts';
import type { FlowStage } from '../../../domain/engine/flowGraph.ts';
import { effectiveConfig, type StageProblem, type TemplateInfo } from '../../../domain/engine/flowValidation.ts';
import { Button } from '../../../ui/Button.tsx';
import { SelectField } from '../../tickets/SelectField.tsx';
import { ParsedField, plainText } from './ParsedField.tsx';
import type { Selection } from './selection.ts';
import { StageSettingsForm, type Option } from './StageSettingsForm.tsx';
import type { FlowEditor } from './useFlowEditor.ts';

type Props = {
  /** The graph, for the names and targets of transitions; edits go through `update`, on the graph as it is then. */
  graph: readonly FlowStage[];
  update: FlowEditor['update'];
  stage: FlowStage;
  problems: readonly StageProblem[];
  readOnly: boolean;
  teams: readonly Option[];
  hiTemplates: readonly Option[];
  templates: ReadonlyMap<string, TemplateInfo>;
  onSelect: (selection: Selection) => void;
  onDelete: () => void;
};

/** Drops settings set to undefined (JSON has no undefined), one level into nested objects such as `request`. */
function cleaned(config: Record<string, unknown>): FlowStage['config'] {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config)) {
    if (value === undefined) continue;
    out[key] = value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) : value;
  }
  return out as FlowStage['config'];
}

/** Props that differ only in where stages are drawn: a drag of the selected stage does not redraw its panel. */
const samePanel = (a: Props, b: Props): boolean =>
  (Object.keys(a) as (keyof Props)[]).every((key) =>
    key === 'stage' ? sameButPosition(a.stage, b.stage) : key === 'graph' ? sameButPositions(a.graph, b.graph) : a[key] === b[key],
  );

/**
 * The side panel of a selected stage: its name, its settings form, the problems that are not about one field
 * (reachability), and its transitions in the order the runner tries them, with a way to add one by keyboard.
 */
export const StagePanel = memo(function StagePanel({ graph, update, stage, problems, readOnly, teams, hiTemplates, templates, onSelect, onDelete }: Props) {
  const { t } = useTranslation();
  const general = problems.filter((p) => p.field === undefined);
  const nameOf = (key: string) => graph.find((s) => s.key === key)?.name || key;
  const targets = useMemo(() => graph.filter((s) => connectRefusal(graph, stage.key, s.key) === null), [graph, stage.key]);
  const template = stage.templateId ? templates.get(stage.templateId) : undefined;
  const inherited = template ? effectiveConfig({ ...stage, config: {} }, templates) : {};

  return (
    <div className="flex flex-col gap-4" data-testid="stage-panel">
      <h2 className="text-lg font-semibold break-words text-slate-900">{t('flows.stage.heading', { name: stage.name || stage.key })}</h2>
      <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-3">
        <p className="text-xs text-slate-600">
          {t(`flows.types.${stage.nodeType}`)} · {t('flows.stage.key')}: <span className="font-mono">{stage.key}</span>
        </p>
        <ParsedField label={t('flows.stage.name')} value={stage.name} {...plainText} onChange={(v) => update((g) => updateStage(g, stage.key, { name: String(v ?? '') }), `${stage.key}:name`)} />
        <StageSettingsForm
          stage={stage}
          inherited={inherited}
          problems={problems}
          teams={teams}
          templates={hiTemplates}
          setConfig={(patch, field) => update((g) => updateStage(g, stage.key, { config: cleaned({ ...stage.config, ...patch }) }), `${stage.key}:${field}`)}
          setTemplate={(templateId) => update((g) => updateStage(g, stage.key, { templateId }))}
        />
      </fieldset>
      {general.length > 0 && (
        <section aria-label={t('flows.stage.problems')} className="rounded-lg border border-red-300 bg-red-50 p-2">
          <ul className="list-disc pl-5 text-sm text-red-800">
            {general.map((p) => (
              <li key={p.code}>{t(`flows.problems.${p.code}`, { ...p.values })}</li>
            ))}
          </ul>
        </section>
      )}
      {stage.nodeType !== 'end' && (
        <section aria-labelledby="stage-transitions" className="flex flex-col gap-2">
          <h3 id="stage-transitions" className="font-semibold text-slate-900">
            {t('flows.stage.transitions')}
          </h3>
          {stage.transitions.length === 0 && <p className="text-sm text-slate-600">{t('flows.stage.noTransitions')}</p>}
          <ol className="flex flex-col gap-2">
            {stage.transitions.map((transition, i) => {
              const summary = conditionSummary(transition.when);
              return (
                <li key={transition.to} className="flex flex-wrap items-center gap-1 rounded-lg border border-slate-200 p-2 text-sm">
                  <button type="button" className="min-w-0 flex-1 text-left text-brand underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-focus" onClick={() => onSelect({ kind: 'edge', from: stage.key, to: transition.to })}>
                    {t('flows.stage.transitionTo', { name: nameOf(transition.to) })}
                    {summary !== null && <span className="ml-1 font-mono text-xs text-slate-600">({summary})</span>}
                  </button>
                  {!readOnly && (
                    <>
                      <Button size="sm" variant="ghost" disabled={i === 0} onClick={() => update((g) => moveTransition(g, stage.key, transition.to, -1))} aria-label={`${t('flows.stage.moveUp')}: ${nameOf(transition.to)}`}>
                        ↑
                      </Button>
                      <Button size="sm" variant="ghost" disabled={i === stage.transitions.length - 1} onClick={() => update((g) => moveTransition(g, stage.key, transition.to, 1))} aria-label={`${t('flows.stage.moveDown')}: ${nameOf(transition.to)}`}>
                        ↓
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => update((g) => removeTransition(g, stage.key, transition.to))} aria-label={`${t('flows.modeler.deleteTransition')}: ${nameOf(transition.to)}`}>
                        ✕
                      </Button>
                    </>
                  )}
                </li>
              );
            })}
          </ol>
          {!readOnly && targets.length > 0 && (
            <SelectField
              label={t('flows.stage.addTransition')}
              value=""
              onChange={(to) => to !== '' && update((g) => connect(g, stage.key, to))}
              options={[{ value: '', label: t('flows.stage.chooseTarget') }, ...targets.map((s) => ({ value: s.key, label: `${s.name || s.key} (${s.key})` }))]}
            />
          )}
        </section>
      )}
      {!readOnly && (
        <Button variant="danger" onClick={onDelete} className="self-start">
          {t('flows.modeler.deleteStage')}
        </Button>
      )}
    </div>
  );
}, samePanel);
