import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONDITION_OPERATORS, logicToRules, rulesToLogic, UNARY_OPERATORS, type ConditionRule } from '../../../domain/engine/conditionRules.ts';
import { removeTransition, updateTransition, type Condition } from '../../../domain/engine/flowCanvas.ts';
import type { FlowStage } from '../../../domain/engine/flowGraph.ts';
import { Button } from '../../../ui/Button.tsx';
import type { FlowEditor } from './useFlowEditor.ts';

type Props = { editor: FlowEditor; from: FlowStage; to: string; readOnly: boolean; onDeleted: () => void };

const INPUT = 'min-w-0 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-focus';
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A selected transition: its condition as rules (field · operator · value, all must hold) and the JSON Logic they
 * make, which is what the runner evaluates. A condition the builder cannot show is kept, shown, and can be cleared.
 */
export function TransitionPanel({ editor, from, to, readOnly, onDeleted }: Props) {
  const { t } = useTranslation();
  const transition = from.transitions.find((tr) => tr.to === to);
  const when = transition?.when;
  const [rules, setRules] = useState<ConditionRule[] | null>(() => logicToRules(when));
  useEffect(() => {
    // Undo, redo or another panel changed the condition: show it (the rows being typed are kept otherwise).
    setRules((current) => (current !== null && same(rulesToLogic(current), when ?? undefined) ? current : logicToRules(when)));
  }, [when]);
  if (!transition) return null;
  const toName = editor.graph.find((s) => s.key === to)?.name || to;

  const commit = (next: ConditionRule[], field: string) => {
    setRules(next);
    editor.change(updateTransition(editor.graph, from.key, to, { when: rulesToLogic(next) as Condition }), `${from.key}->${to}:${field}`);
  };
  const setRule = (index: number, patch: Partial<ConditionRule>, field: string) => commit((rules ?? []).map((r, i) => (i === index ? { ...r, ...patch } : r)), `${index}:${field}`);

  return (
    <div className="flex flex-col gap-3" data-testid="transition-panel">
      <h2 className="text-lg font-semibold break-words text-slate-900">{t('flows.transition.heading', { from: from.name || from.key, to: toName })}</h2>
      <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-3">
        <legend className="font-semibold text-slate-900">{t('flows.transition.condition')}</legend>
        {rules === null ? (
          <div className="flex flex-col gap-2">
            <p className="text-sm text-slate-700">{t('flows.transition.custom')}</p>
            <Button variant="secondary" size="sm" className="self-start" onClick={() => commit([], 'clear')}>
              {t('flows.transition.clear')}
            </Button>
          </div>
        ) : (
          <>
            {rules.length === 0 && <p className="text-sm text-slate-600">{t('flows.transition.always')}</p>}
            <ol className="flex flex-col gap-2">
              {rules.map((rule, i) => (
                <li key={i} className="grid grid-cols-[1fr_1fr] gap-2 rounded-lg border border-slate-200 p-2 sm:grid-cols-[1fr_auto_1fr_auto]" data-testid="condition-rule">
                  <input className={INPUT} aria-label={`${t('flows.transition.field')} ${i + 1}`} placeholder={t('flows.transition.field')} value={rule.field} onChange={(e) => setRule(i, { field: e.target.value }, 'field')} />
                  <select className={INPUT} aria-label={`${t('flows.transition.operator')} ${i + 1}`} value={rule.operator} onChange={(e) => setRule(i, { operator: e.target.value as ConditionRule['operator'] }, 'operator')}>
                    {CONDITION_OPERATORS.map((op) => (
                      <option key={op} value={op}>
                        {t(`flows.transition.operators.${op}`)}
                      </option>
                    ))}
                  </select>
                  <input
                    className={INPUT}
                    aria-label={`${t('flows.transition.value')} ${i + 1}`}
                    placeholder={t('flows.transition.value')}
                    value={rule.value}
                    disabled={UNARY_OPERATORS.includes(rule.operator)}
                    onChange={(e) => setRule(i, { value: e.target.value }, 'value')}
                  />
                  <Button size="sm" variant="ghost" onClick={() => commit(rules.filter((_, j) => j !== i), 'remove')} aria-label={t('flows.transition.removeRule', { n: i + 1 })}>
                    ✕
                  </Button>
                </li>
              ))}
            </ol>
            <Button variant="secondary" size="sm" className="self-start" onClick={() => setRules([...rules, { field: '', operator: '==', value: '' }])}>
              {t('flows.transition.addRule')}
            </Button>
          </>
        )}
      </fieldset>
      <div className="flex flex-col gap-1">
        <h3 className="text-sm font-semibold text-slate-800">{t('flows.transition.jsonLogic')}</h3>
        <pre className="overflow-x-auto rounded-lg bg-slate-100 p-2 font-mono text-xs text-slate-900" data-testid="json-logic">
          {when === undefined ? 'null' : JSON.stringify(when, null, 2)}
        </pre>
      </div>
      {!readOnly && (
        <Button
          variant="danger"
          className="self-start"
          onClick={() => {
            editor.change(removeTransition(editor.graph, from.key, to));
            onDeleted();
          }}
        >
          {t('flows.modeler.deleteTransition')}
        </Button>
      )}
    </div>
  );
}
