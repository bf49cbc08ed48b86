import { useTranslation } from 'react-i18next';
import { progressPosition } from '../../domain/cases/caseDetail.ts';
import { caseProgress, type ProgressState } from '../../domain/cases/caseProgress.ts';

type Props = {
  states: readonly ProgressState[];
  /** The state ids a case's history reached (CaseHistoryDoc.stateId); none for the case type's own preview. */
  history?: readonly (string | null | undefined)[];
  currentStateId?: string | null;
  /** Says "Step n of m (p%)" above the steps: a case's own progress, not a type's preview. */
  showPosition?: boolean;
};

const DOT: Record<'done' | 'current' | 'upcoming', string> = {
  done: 'border-green-800 bg-green-800 text-white',
  current: 'border-brand bg-white text-brand ring-2 ring-brand',
  upcoming: 'border-slate-300 bg-white text-slate-600',
};

/**
 * The case progress stepper (part 2 §2, §4): the type's visible states in order, at least 3 with 'Upcoming Step'
 * placeholders, compact above 5. Pure display of caseProgress(); the case detail can use it with a case's history.
 */
export function CaseStepper({ states, history = [], currentStateId = null, showPosition = false }: Props) {
  const { t } = useTranslation();
  const progress = caseProgress({ states, history, currentStateId });
  const position = progressPosition(progress);
  const statusText = { done: t('caseTypes.stepDone'), current: t('caseTypes.stepCurrent'), upcoming: t('caseTypes.stepUpcoming') };
  return (
    <div className="flex min-w-0 flex-col gap-2" data-testid="case-stepper" data-compact={progress.compact} data-percent={progress.percent}>
      {showPosition && (
        <p className="text-sm font-semibold text-slate-800" data-testid="case-progress-position" aria-live="polite">
          {t('caseDetail.progress.position', { step: position.step, of: position.of, percent: progress.percent })}
        </p>
      )}
      <ol aria-label={t('caseTypes.progressLabel', { percent: progress.percent })} className={`flex flex-wrap ${progress.compact ? 'gap-x-2 gap-y-3' : 'gap-x-4 gap-y-3'}`}>
        {progress.steps.map((step, index) => {
          const label = step.kind === 'placeholder' ? t('caseTypes.upcomingStep') : step.label;
          return (
            <li
              key={step.kind === 'state' ? step.stateId : `placeholder-${index}`}
              className={`flex min-w-0 items-center gap-2 ${progress.compact ? 'basis-[calc(33%-0.5rem)] sm:basis-auto' : ''}`}
              data-step={step.kind === 'state' ? step.stateKey : 'placeholder'}
              data-status={step.status}
            >
              <span
                aria-hidden="true"
                className={`flex shrink-0 items-center justify-center rounded-full border-2 font-semibold ${progress.compact ? 'h-6 w-6 text-xs' : 'h-8 w-8 text-sm'} ${DOT[step.status]} ${step.kind === 'placeholder' ? 'border-dashed' : ''}`}
              >
                {index + 1}
              </span>
              <span className={`min-w-0 break-words ${progress.compact ? 'text-xs' : 'text-sm'} ${step.kind === 'placeholder' ? 'text-slate-600 italic' : 'text-slate-800'}`}>
                <span className="sr-only">{t('caseTypes.step', { n: index + 1 })} </span>
                {label}
                <span className="sr-only"> ({statusText[step.status]})</span>
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
