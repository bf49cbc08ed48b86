import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePendingMutations } from '../../../data/replica.ts';
import { savedAgeLabel } from '../../../domain/ui/savedAge.ts';

type Props = { flowId: string; dirty: boolean; valid: boolean; savedAt: number };

/**
 * Where the flow's changes are: 'Unsaved changes' (or why they cannot be saved), 'Waiting to be sent' while a
 * save waits in the outbox (offline), else 'Saved · 12 s ago', counting.
 */
export function SaveStatus({ flowId, dirty, valid, savedAt }: Props) {
  const { t } = useTranslation();
  const pending = usePendingMutations().some((m) => m.name.startsWith('flow.') && (m.args as { id?: unknown } | null)?.id === flowId);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const age = savedAgeLabel(savedAt, Math.max(now, savedAt));
  const [text, tone] = dirty
    ? [valid ? t('flows.modeler.status.unsaved') : t('flows.modeler.status.invalid'), 'text-amber-800']
    : pending
      ? [t('flows.modeler.status.waiting'), 'text-amber-800']
      : [age === null ? t('flows.modeler.status.savedJustNow') : t('flows.modeler.status.saved', { age }), 'text-emerald-800'];
  return (
    <p role="status" className={`text-sm font-semibold ${tone}`} data-testid="save-status" data-state={dirty ? 'unsaved' : pending ? 'waiting' : 'saved'}>
      {text}
    </p>
  );
}
