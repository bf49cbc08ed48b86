import { useTranslation } from 'react-i18next';
import type { FlowStage } from '../../../domain/engine/flowGraph.ts';
import { ANSWER_PLACEHOLDERS } from '../../../domain/engine/answerLinks.ts';
import { API_METHODS, type StageProblem } from '../../../domain/engine/flowValidation.ts';
import { SelectField } from '../../tickets/SelectField.tsx';
import { headerLines, jsonOrText, ParsedField, plainText, scaledNumber } from './ParsedField.tsx';

type Config = Record<string, unknown>;
export type Option = { value: string; label: string };

type Props = {
  stage: FlowStage;
  /** The settings the stage's template gives (shown as placeholders where the stage has none of its own). */
  inherited: Config;
  problems: readonly StageProblem[];
  teams: readonly Option[];
  templates: readonly Option[];
  /** Sets settings (undefined removes one); `field` names the edit so typing in one field is one undo step. */
  setConfig: (patch: Config, field: string) => void;
  setTemplate: (templateId: string) => void;
};

const objectOf = (value: unknown): Config => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Config) : {});
const hours = scaledNumber(3600);
const minutes = scaledNumber(60);
const whole = scaledNumber(1);
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** The form of one stage's settings, by its type (issue 14 item 4), each field showing its own problem. */
export function StageSettingsForm({ stage, inherited, problems, teams, templates, setConfig, setTemplate }: Props) {
  const { t } = useTranslation();
  const config = stage.config;
  const errorOf = (field: string) => {
    const found = problems.find((p) => p.field === field);
    return found === undefined ? undefined : t(`flows.problems.${found.code}`, { ...found.values, example: '{{email}}' });
  };
  const example = { example: '{{email}}' };
  const text = (field: string, label: string, extra: { multiline?: boolean; hint?: string; code?: boolean } = {}) => (
    <ParsedField
      key={field}
      label={label}
      value={config[field]}
      {...plainText}
      onChange={(v) => setConfig({ [field]: v === '' ? undefined : v }, field)}
      error={errorOf(field)}
      placeholder={textOf(inherited[field]) || undefined}
      {...extra}
    />
  );

  switch (stage.nodeType) {
    case 'start':
      return <p className="text-sm text-slate-700">{t('flows.stage.startText')}</p>;
    case 'end':
      return <p className="text-sm text-slate-700">{t('flows.stage.endText')}</p>;
    case 'human-interface':
      return (
        <>
          <SelectField label={t('flows.stage.team')} value={textOf(config.teamId)} onChange={(v) => setConfig({ teamId: v }, 'teamId')} error={errorOf('teamId')} options={[{ value: '', label: t('flows.stage.chooseTeam') }, ...teams]} />
          <SelectField label={t('flows.stage.template')} value={stage.templateId ?? ''} onChange={setTemplate} error={errorOf('templateId')} options={[{ value: '', label: t('flows.stage.chooseTemplate') }, ...templates]} />
          <ParsedField label={t('flows.stage.sla')} value={config.slaSeconds} {...hours} inputMode="decimal" onChange={(v) => setConfig({ slaSeconds: v }, 'slaSeconds')} error={errorOf('slaSeconds')} />
        </>
      );
    case 'email':
      return (
        <>
          {text('to', t('flows.stage.to'), { hint: t('flows.stage.placeholders', example) })}
          {text('subject', t('flows.stage.subject'))}
          {text('body', t('flows.stage.body'), { multiline: true })}
          <div className="text-sm">
            <label className="flex items-center gap-2 font-semibold text-slate-800">
              <input
                type="checkbox"
                aria-describedby={`wait-answer-hint-${stage.key}`}
                checked={config.waitForAnswer === true}
                onChange={(event) => setConfig({ waitForAnswer: event.target.checked ? true : undefined }, 'waitForAnswer')}
              />
              {t('flows.stage.waitForAnswer')}
            </label>
            <p id={`wait-answer-hint-${stage.key}`} className="mt-1 text-slate-600">
              {t('flows.stage.waitForAnswerHint', { answer: `{{${ANSWER_PLACEHOLDERS.accept}}}`, decline: `{{${ANSWER_PLACEHOLDERS.decline}}}` })}
            </p>
            {errorOf('waitForAnswer') ? <p className="mt-1 text-red-700">{errorOf('waitForAnswer')}</p> : null}
          </div>
        </>
      );
    case 'api': {
      const request = objectOf(config.request);
      const inheritedRequest = objectOf(inherited.request);
      const setRequest = (patch: Config, field: string) => setConfig({ request: { ...request, ...patch } }, field);
      return (
        <>
          <SelectField
            label={t('flows.stage.method')}
            value={textOf(request.method).toUpperCase()}
            onChange={(v) => setRequest({ method: v }, 'method')}
            error={errorOf('method')}
            options={[{ value: '', label: textOf(inheritedRequest.method) || '—' }, ...API_METHODS.map((m) => ({ value: m, label: m }))]}
          />
          <ParsedField label={t('flows.stage.url')} value={request.url} {...plainText} onChange={(v) => setRequest({ url: v === '' ? undefined : v }, 'url')} error={errorOf('url')} placeholder={textOf(inheritedRequest.url) || 'https://'} hint={t('flows.stage.placeholders', example)} />
          <ParsedField label={t('flows.stage.headers')} value={request.headers} {...headerLines} multiline code onChange={(v) => setRequest({ headers: v }, 'headers')} error={errorOf('headers')} />
          <ParsedField label={t('flows.stage.requestBody')} value={request.body} {...jsonOrText} multiline code onChange={(v) => setRequest({ body: v }, 'body')} />
          <div className="grid grid-cols-2 gap-2">
            <ParsedField label={t('flows.stage.timeout')} value={request.timeoutMs} {...whole} inputMode="numeric" onChange={(v) => setRequest({ timeoutMs: v }, 'timeoutMs')} error={errorOf('timeoutMs')} />
            <ParsedField label={t('flows.stage.retries')} value={request.retries} {...whole} inputMode="numeric" onChange={(v) => setRequest({ retries: v }, 'retries')} error={errorOf('retries')} />
          </div>
        </>
      );
    }
    case 'script':
      return text('script', t('flows.stage.script'), { multiline: true, code: true, hint: t('flows.stage.scriptHint') });
    case 'timer': {
      const byDate = config.until !== undefined;
      return (
        <>
          <fieldset className="flex flex-wrap gap-4 text-sm">
            <legend className="mb-1 font-semibold text-slate-800">{t('flows.stage.timerMode')}</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name={`timer-${stage.key}`} checked={!byDate} onChange={() => setConfig({ until: undefined, delaySeconds: 3600 }, 'timerMode')} />
              {t('flows.stage.timerDuration')}
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name={`timer-${stage.key}`} checked={byDate} onChange={() => setConfig({ delaySeconds: undefined, until: '' }, 'timerMode')} />
              {t('flows.stage.timerDate')}
            </label>
          </fieldset>
          {byDate ? (
            <ParsedField label={t('flows.stage.until', example)} value={config.until} {...plainText} onChange={(v) => setConfig({ until: v }, 'until')} error={errorOf('until') ?? errorOf('delaySeconds')} placeholder="2026-12-31T09:00:00Z" />
          ) : (
            <ParsedField label={t('flows.stage.duration')} value={config.delaySeconds} {...minutes} inputMode="decimal" onChange={(v) => setConfig({ delaySeconds: v }, 'delaySeconds')} error={errorOf('delaySeconds')} />
          )}
        </>
      );
    }
  }
}
