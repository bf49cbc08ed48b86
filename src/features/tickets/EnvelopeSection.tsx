import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '../../data/replica.ts';
import type { CaseFileDoc, EnvelopeDoc } from '../../domain/sync/documents.gen.ts';
import { Button } from '../../ui/Button.tsx';
import { EnvelopeDialog } from './EnvelopeDialog.tsx';
import { EnvelopeItem } from './EnvelopeItem.tsx';

/**
 * The case's e-signature envelopes, newest first, from the replica (the case scope is opened by the files list
 * beside it), and the Send for e-signature action. The envelope just sent from here gets its link as soon as the
 * server has it.
 */
export function EnvelopeSection({ caseId }: { caseId: string }) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [justSent, setJustSent] = useState<string | null>(null);
  const envelopes = useQuery('caseRecords', { selector: { caseId, kind: 'envelope' } });
  const files = useQuery('caseRecords', { selector: { caseId, kind: 'caseFile' } });
  const list = (envelopes.docs as EnvelopeDoc[]).filter((doc) => !doc.deleted).sort((a, b) => b.createdAt - a.createdAt);
  const caseFiles = (files.docs as CaseFileDoc[]).filter((file) => !file.deleted).sort((a, b) => b.createdAt - a.createdAt);
  const fileName = (id: string | null) => (id === null ? null : (caseFiles.find((file) => file.id === id)?.name ?? null));

  return (
    <section aria-labelledby="envelopes-title" className="mt-2 flex flex-col gap-2" data-testid="envelopes">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="envelopes-title" className="text-lg font-semibold text-slate-900">
          {t('envelopes.title')}
        </h2>
        <Button variant="secondary" size="sm" onClick={() => setSending(true)}>
          {t('envelopes.send')}
        </Button>
      </div>
      {!envelopes.loading && list.length === 0 && <p className="text-sm text-slate-600">{t('envelopes.none')}</p>}
      {list.length > 0 && (
        <ul className="flex flex-col gap-2">
          {list.map((envelope) => (
            <EnvelopeItem
              key={envelope.id}
              envelope={envelope}
              documentName={fileName(envelope.documentFileId)}
              signedName={fileName(envelope.signedFileId)}
              autoLink={envelope.id === justSent}
            />
          ))}
        </ul>
      )}
      <EnvelopeDialog caseId={caseId} files={caseFiles} open={sending} onClose={() => setSending(false)} onCreated={setJustSent} />
    </section>
  );
}
