import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { watchChange } from '../../app/state/changeAtoms.ts';
import { showToast } from '../../app/state/toastAtoms.ts';
import { mutate } from '../../data/replica.ts';
import { signerSchema } from '../../domain/envelopes/envelopeRules.ts';
import type { CaseFileDoc } from '../../domain/sync/documents.gen.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Select } from '../../ui/Select.tsx';
import { useButtonGuard } from '../../ui/useButtonGuard.ts';
import { NoteField } from './NoteField.tsx';

type Props = { caseId: string; files: CaseFileDoc[]; open: boolean; onClose: () => void; onCreated: (envelopeId: string) => void };
type Errors = { name?: string; email?: string };

/**
 * Send for e-signature (part 2 §1): the signer's name and e-mail and, optionally, one of the case's files to sign.
 * Queued as `envelope.create`, so it works offline; the signing link comes from the server once it has the envelope.
 */
export function EnvelopeDialog({ caseId, files, open, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [documentId, setDocumentId] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const guard = useButtonGuard();

  useEffect(() => {
    if (!open) return;
    setName('');
    setEmail('');
    setDocumentId('');
    setErrors({});
  }, [open]);

  async function send() {
    setBusy(true);
    const envelopeId = `env-${crypto.randomUUID()}`;
    const result = await mutate('envelope.create', { caseId, envelopeId, signerName: name.trim(), signerEmail: email.trim(), documentFileId: documentId || null }).catch(
      () => ({ ok: false, message: '' }) as const,
    );
    setBusy(false);
    if (!result.ok) {
      showToast('error', t('envelopes.failed'));
      return;
    }
    watchChange({
      collection: 'caseRecords',
      docId: envelopeId,
      landed: (doc) => doc !== null && typeof doc.rev === 'number' && doc.rev > 0,
      confirmation: { kind: 'success', title: t('envelopes.sent') },
      queuedTitle: t('envelopes.queued'),
    });
    onCreated(envelopeId);
    onClose();
  }

  // Checked on every press; only a valid form is guarded against a double press (part 1 §9) and sent.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!signerSchema.shape.name.safeParse(name).success) found.name = t('envelopes.nameRequired');
    if (!signerSchema.shape.email.safeParse(email).success) found.email = t('envelopes.emailInvalid');
    setErrors(found);
    if (found.name || found.email || busy) return;
    guard(() => void send());
  };
  const options = [{ value: '', label: t('envelopes.noDocument') }, ...files.map((file) => ({ value: file.id, label: file.name }))];

  return (
    <Dialog open={open} onClose={onClose} title={t('envelopes.dialogTitle')}>
      <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
        <NoteField label={t('envelopes.signerName')} value={name} onChange={setName} maxLength={120} autoFocus error={errors.name} />
        <NoteField label={t('envelopes.signerEmail')} type="email" value={email} onChange={setEmail} maxLength={254} error={errors.email} />
        <Select label={t('envelopes.document')} value={documentId} options={options} onChange={setDocumentId} />
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('envelopes.cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? t('envelopes.sending') : t('envelopes.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
