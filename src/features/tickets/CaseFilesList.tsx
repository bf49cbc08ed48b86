import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCaseScope, useQuery } from '../../data/replica.ts';
import { formatMegabytes } from '../../domain/files/fileRules.ts';
import type { CaseFileDoc } from '../../domain/sync/documents.gen.ts';
import { FileThumbnail } from './FileThumbnail.tsx';
import { FileViewerDialog, type ViewedFile } from './FileViewerDialog.tsx';

/** The case's files, newest first, from the replica, each with its thumbnail; a click opens the file. */
export function CaseFilesList({ caseId }: { caseId: string }) {
  const { t } = useTranslation();
  const [viewed, setViewed] = useState<ViewedFile | null>(null);
  useCaseScope(caseId);
  const { docs, loading } = useQuery('caseRecords', { selector: { caseId, kind: 'caseFile' } });
  const files = (docs as CaseFileDoc[]).filter((file) => !file.deleted).sort((a, b) => b.createdAt - a.createdAt);
  if (loading) return <p className="text-sm text-slate-600">{t('caseDetail.loading')}</p>;
  if (files.length === 0) return <p className="text-sm text-slate-600">{t('files.none')}</p>;
  return (
    <>
      <ul className="flex flex-col gap-1" data-testid="case-files">
        {files.map((file) => (
          // The size sits beside the button, not in it: speech input users say what they see ("Open <name>"), and a
          // name that leaves out visible text inside the button would not match it (axe label-content-name-mismatch).
          <li key={file.id} className="flex items-center gap-2 rounded-lg border border-slate-200 bg-white pr-3 text-sm hover:border-brand">
            <button
              type="button"
              onClick={() => setViewed({ caseId, fileId: file.id, name: file.name })}
              aria-label={t('files.open', { name: file.name })}
              className="flex min-w-0 flex-1 items-center gap-3 rounded-lg py-2 pl-3 text-left focus-visible:outline-2 focus-visible:outline-brand"
            >
              <FileThumbnail caseId={caseId} fileId={file.id} size={file.size} />
              <span className="min-w-0 flex-1 truncate font-medium text-slate-900" title={file.name}>
                {file.name}
              </span>
            </button>
            <span className="shrink-0 text-xs text-slate-600">
              {file.rev === 0 ? `${t('files.pending')} · ` : ''}
              {formatMegabytes(file.size)} MB
            </span>
          </li>
        ))}
      </ul>
      <FileViewerDialog file={viewed} onClose={() => setViewed(null)} />
    </>
  );
}
