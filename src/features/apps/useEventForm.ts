import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountAtom } from '../../app/state/accountAtoms.ts';
import { AuthError, generateWebhookToken, generateWebhookUrl } from '../../data/auth.ts';
import { mutate } from '../../data/replica.ts';
import { EVENT_NAME_PLACEHOLDER } from '../../domain/engine/appList.ts';
import { canGenerateToken, cronRuleProblem, defaultEventName, defaultWebhookName } from '../../domain/engine/eventRules.ts';
import type { AppDoc, EventDoc } from '../../domain/sync/documents.gen.ts';
import { useButtonGuard } from '../../ui/useButtonGuard.ts';
import { reportSave } from './saveOutcome.ts';
import type { AppsData } from './useAppsData.ts';

export type EventFormValues = {
  name: string;
  description: string;
  calendarId: string;
  cronRule: string;
  useWebhook: boolean;
  webhookName: string;
  passphrase: string;
};

/** The event's webhook as the form holds it: its id and full URL, the token just generated (shown once), or the hint of the stored one. */
export type FormWebhook = { id: string; url: string; token: string | null; tokenHint: string | null };

type Field = 'name' | 'calendarId' | 'cronRule' | 'webhookName' | 'trigger' | 'webhook';
type Errors = Partial<Record<Field, string>>;

const unixNow = () => Math.floor(Date.now() / 1000);

function initialValues(app: AppDoc, event: EventDoc | null, data: AppsData): EventFormValues {
  const hook = event === null ? undefined : data.webhookById(event.webhookId);
  const fallbackCalendar = data.calendars.length === 1 ? data.calendars[0]!.id : '';
  return {
    name: event?.name ?? defaultEventName(EVENT_NAME_PLACEHOLDER, unixNow()),
    description: event?.description ?? '',
    calendarId: event?.calendarId ?? app.calendarId ?? fallbackCalendar,
    cronRule: event?.cronRule ?? '',
    useWebhook: hook !== undefined,
    webhookName: hook?.name ?? defaultWebhookName(unixNow()),
    passphrase: '',
  };
}

/**
 * The event form of part 1 §2 and §5 (create or edit). The name and a calendar are required (Submit waits for
 * them); an event needs a cron rule or a webhook. A new webhook's id, URL and token come from the server
 * (Generate Token asks for the URL first when there is none); the token is kept only in this form, shown once.
 * The save is `event.create` / `event.update` through the outbox, so a programmed event is saved offline too.
 */
export function useEventForm(app: AppDoc, event: EventDoc | null, data: AppsData, origin: string, onSaved: () => void) {
  const { t } = useTranslation();
  const username = useAtomValue(accountAtom)?.account.username ?? '';
  const [values, setValues] = useState(() => initialValues(app, event, data));
  const [webhook, setWebhook] = useState<FormWebhook | null>(() => {
    const hook = event === null ? undefined : data.webhookById(event.webhookId);
    return hook === undefined ? null : { id: hook.id, url: `${origin}${hook.url}`, token: null, tokenHint: hook.tokenHint };
  });
  const [errors, setErrors] = useState<Errors>({});
  const [generating, setGenerating] = useState(false);
  const [generateError, setGenerateError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const rule = values.cronRule.trim();
  const ruleProblem = rule === '' ? null : cronRuleProblem(rule);
  const canSubmit = values.name.trim() !== '' && values.calendarId !== '' && !busy;

  async function generateToken(): Promise<void> {
    if (!canGenerateToken(values.passphrase)) return;
    setGenerating(true);
    setGenerateError(null);
    try {
      const target = webhook ?? { ...(await generateWebhookUrl(values.webhookName.trim())), token: null, tokenHint: null };
      const token = await generateWebhookToken(username, values.passphrase);
      setWebhook({ ...target, token, tokenHint: token.slice(-4) });
      set('passphrase', '');
    } catch (error) {
      setGenerateError(t('apps.eventForm.generateFailed', { message: error instanceof AuthError ? error.message : String(error) }));
    } finally {
      setGenerating(false);
    }
  }

  function problems(): Errors {
    const found: Errors = {};
    if (values.name.trim() === '') found.name = t('apps.eventForm.nameRequired');
    if (values.calendarId === '') found.calendarId = t('apps.eventForm.calendarRequired');
    if (ruleProblem !== null) found.cronRule = t('apps.eventForm.cronInvalid', { problem: ruleProblem });
    if (values.useWebhook) {
      if (values.webhookName.trim() === '') found.webhookName = t('apps.eventForm.webhookNameRequired');
      else if (webhook === null || (webhook.token === null && webhook.tokenHint === null)) found.webhook = t('apps.eventForm.needsToken');
    }
    if (rule === '' && !values.useWebhook) found.trigger = t('apps.eventForm.needsTrigger');
    return found;
  }

  const guard = useButtonGuard();

  /** Checks the fields; only a valid form is sent, guarded against a double press (part 1 §9). */
  function submit(): void {
    const found = problems();
    setErrors(found);
    if (Object.keys(found).length === 0) guard(() => void save());
  }

  async function save(): Promise<void> {
    setBusy(true);
    const hook =
      values.useWebhook && webhook !== null
        ? { id: webhook.id, name: values.webhookName.trim(), ...(webhook.token === null ? {} : { token: webhook.token }) }
        : null;
    const fields = {
      appId: app.id,
      name: values.name.trim(),
      description: values.description.trim(),
      rules: rule === '' ? null : rule,
      calendar: { id: values.calendarId },
      webhook: hook,
    };
    const name = event === null ? 'event.create' : 'event.update';
    const args = event === null ? { id: `evt-${crypto.randomUUID()}`, ...fields, isActive: true } : { id: event.id, ...fields };
    const result = await mutate(name, args);
    setBusy(false);
    if (reportSave(result, name, event === null ? 'apps.events.created' : 'apps.events.updated', t)) onSaved();
    else if (!result.ok) setErrors({ trigger: result.message });
  }

  return { values, set, webhook, errors, generating, generateError, busy, canSubmit, ruleProblem, rule, generateToken, submit };
}

export type EventForm = ReturnType<typeof useEventForm>;
