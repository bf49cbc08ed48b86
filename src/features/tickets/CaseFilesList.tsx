import { useTranslation } from 'react-i18next';
import { useCaseScope, useQuery } from '../../data/replica.ts';
import { formatMegabytes } from '../../domain/files/fileRules.ts';
import type { CaseFileDoc } from '../../domain/sync/documents.gen.ts';

/** The case's files, newest first, from the replica; a file still waiting to be sent carries a pending mark. */
export function CaseFilesList({ caseId }: { caseId: string }) {
  const { t } = useTranslation();
  useCaseScope(caseId);
  const { docs, loading } = useQuery('caseRecords', { selector: { caseId, kind: 'caseFile' } });
  const files = (docs as CaseFileDoc[]).filter((file) => !file.deleted).sort((a, b) => b.createdAt - a.createdAt);
  if (loading) return null;
  if (files.length === 0) return <p className="text-sm text-slate-600">{t('files.none')}</p>;
  return (
    <ul className="flex flex-col gap-1" data-testid="case-files">
      {files.map((file) => (
        <li key={file.id} className="flex items-baseline justify-between gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm">
          <span className="truncate font-medium text-slate-900" title={file.name}>
            {file.name}
          </span>
          <span className="shrink-0 text-xs text-slate-600">
            {file.rev === 0 ? `${t('files.pending')} · ` : ''}
            {formatMegabytes(file.size)} MB
          </span>
        </li>
      ))}
    </ul>
  );
}
