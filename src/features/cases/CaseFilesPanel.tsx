import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { Button } from '../../ui/Button.tsx';
import { attachCaseFile, preloadFileTools } from '../tickets/caseFileUpload.ts';
import { CaseFilesList } from '../tickets/CaseFilesList.tsx';
import { FileCacheDialog } from '../tickets/FileCacheDialog.tsx';
import { PhotoDialog } from '../tickets/PhotoDialog.tsx';

type Tool = 'photo' | 'cache';

/**
 * The case's files (part 2 §2): the list with thumbnails and the viewer, an upload and a photo that go through the
 * outbox (so they wait offline and are sent once), and the File Cache Manager.
 */
export function CaseFilesPanel({ caseId }: { caseId: string }) {
  const { t } = useTranslation();
  const [tool, setTool] = useState<Tool | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const close = useCallback(() => setTool(null), []);
  useEffect(preloadFileTools, []);

  async function upload(files: FileList | null) {
    const chosen = [...(files ?? [])];
    if (chosen.length === 0 || busy) return;
    setBusy(true);
    const results = await Promise.all(chosen.map((file) => attachCaseFile(caseId, file, file.name).catch(() => ({ ok: false }) as const)));
    setBusy(false);
    if (input.current) input.current.value = '';
    if (results.some((result) => !result.ok)) showToast('error', t('files.saveFailed'));
    else showToast('success', t('files.attached'));
  }

  return (
    <>
      <div className="flex flex-wrap gap-2">
        <label className="inline-flex cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 focus-within:outline-2 focus-within:outline-focus hover:bg-slate-50">
          {busy ? t('files.working') : t('caseDetail.files.upload')}
          <input ref={input} type="file" multiple className="sr-only" data-testid="case-file-input" disabled={busy} onChange={(event) => void upload(event.target.files)} />
        </label>
        <Button size="sm" variant="secondary" onClick={() => setTool('photo')}>
          {t('files.takePhoto')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setTool('cache')}>
          {t('files.cacheOpen')}
        </Button>
      </div>
      <CaseFilesList caseId={caseId} />
      <PhotoDialog caseId={caseId} open={tool === 'photo'} onClose={close} />
      <FileCacheDialog open={tool === 'cache'} onClose={close} />
    </>
  );
}
