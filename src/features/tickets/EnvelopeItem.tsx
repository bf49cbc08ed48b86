import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generateSigningLink } from '../../data/auth.ts';
import { useSyncStatus } from '../../data/replica.ts';
import { envelopeState } from '../../domain/envelopes/envelopeRules.ts';
import type { EnvelopeDoc } from '../../domain/sync/documents.gen.ts';
import { Badge, type BadgeTone } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { useButtonGuard } from '../../ui/useButtonGuard.ts';
import { useDateFormat } from '../../ui/useDateFormat.ts';
import { CopyField } from '../apps/CopyField.tsx';

type Props = { envelope: EnvelopeDoc; documentName: string | null; signedName: string | null; autoLink: boolean };

const TONES: Record<string, BadgeTone> = { pending: 'grey', created: 'blue', sent: 'yellow', signed: 'green', declined: 'red', expired: 'orange' };

/**
 * One envelope: who signs what, its status (a pending mark while it waits in the outbox), and its signing link. The
 * link is the one thing here that needs the network (like the webhook token): it is fetched on request, or at once
 * for the envelope just sent, and shown only until the screen is left.
 */
export function EnvelopeItem({ envelope, documentName, signedName, autoLink }: Props) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const { online } = useSyncStatus();
  const guard = useButtonGuard();
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const asked = useRef(false);
  const pending = envelope.rev === 0;
  const state = pending ? 'pending' : envelopeState(envelope, Date.now());
  const open = state !== 'signed' && state !== 'declined';

  const fetchLink = useCallback(async () => {
    setBusy(true);
    setProblem(null);
    try {
      setLink(await generateSigningLink(envelope.caseId, envelope.id));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }, [envelope.caseId, envelope.id]);

  useEffect(() => {
    if (!autoLink || asked.current || pending || !online || !open) return;
    asked.current = true;
    void fetchLink();
  }, [autoLink, pending, online, open, fetchLink]);

  const signer = t('envelopes.signer', { name: envelope.signerName, email: envelope.signerEmail });
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 text-sm" data-testid="envelope" data-status={state}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 font-medium break-words text-slate-900">{signer}</p>
        <Badge tone={TONES[state] ?? 'neutral'}>{t(`envelopes.status.${state}`)}</Badge>
      </div>
      <p className="min-w-0 break-words text-slate-700">{documentName === null ? t('envelopes.caseOnly') : t('envelopes.documentOf', { name: documentName })}</p>
      {state === 'signed' && envelope.signedAt !== null && <p className="text-slate-700">{t('envelopes.signedAt', { date: formatDate(envelope.signedAt) })}</p>}
      {state === 'signed' && signedName !== null && <p className="min-w-0 break-words text-slate-700">{t('envelopes.signedFile', { name: signedName })}</p>}
      {open && (
        <div className="flex flex-col gap-2">
          {link !== null ? (
            <>
              <CopyField label={t('envelopes.linkLabel', { name: envelope.signerName })} value={link.url} testId="signing-link" />
              <p className="text-xs text-slate-700">
                {t('envelopes.linkOnce')} {t('envelopes.expiresAt', { date: formatDate(Date.parse(link.expiresAt)) })}
              </p>
            </>
          ) : (
            state === 'sent' && envelope.expiresAt !== null && <p className="text-slate-700">{t('envelopes.expiresAt', { date: formatDate(envelope.expiresAt) })}</p>
          )}
          {pending && <p className="text-xs text-slate-600">{t('envelopes.linkWaits')}</p>}
          {!pending && !online && <p className="text-xs text-slate-600">{t('envelopes.linkOffline')}</p>}
          {problem !== null && (
            <p role="alert" className="text-xs text-red-800">
              {t('envelopes.linkFailed', { message: problem })}
            </p>
          )}
          <div>
            <Button size="sm" variant="secondary" disabled={pending || !online || busy} onClick={() => guard(() => void fetchLink())}>
              {busy ? t('envelopes.gettingLink') : link !== null || state === 'sent' ? t('envelopes.newLink') : t('envelopes.getLink')}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
