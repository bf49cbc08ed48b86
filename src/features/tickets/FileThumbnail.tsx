import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { caseFileThumbnail } from '../../data/caseFiles.ts';
import type { FileThumbnailResult } from '../../data/replicaApi.ts';
import { Icon } from '../../ui/Icon.tsx';

type Props = { caseId: string; fileId: string; size: number };

/**
 * A file's thumbnail (part 2 §9): the cached JPEG, a generic icon above 50 MB, a file icon for what is not an
 * image, and an error image when the preview could not be made or fetched (offline and not cached, say).
 */
export function FileThumbnail({ caseId, fileId, size }: Props) {
  const { t } = useTranslation();
  const [result, setResult] = useState<FileThumbnailResult | null>(null);
  useEffect(() => {
    let live = true;
    void caseFileThumbnail(caseId, fileId, size).then((answer) => live && setResult(answer));
    return () => {
      live = false;
    };
  }, [caseId, fileId, size]);

  const frame = 'flex h-12 w-12 shrink-0 items-center justify-center overflow-hidden rounded-md border';
  const plain = `${frame} border-slate-200 bg-slate-50 text-slate-500`;
  if (result === null) return <span className={`${plain} animate-pulse`} aria-hidden="true" />;
  if (!result.ok) {
    return (
      <span className={`${frame} border-red-200 bg-red-50 text-red-700`} title={t('files.thumbnailFailed')} data-testid="file-thumbnail-error">
        <Icon name="brokenImage" label={t('files.thumbnailFailed')} />
      </span>
    );
  }
  if (result.kind === 'image') {
    return (
      <span className={plain}>
        {/* Decorative: the file's name is written beside it (a repeated alt is read twice; axe image-redundant-alt). */}
        <img src={result.thumbnail} alt="" className="h-full w-full object-cover" data-testid="file-thumbnail" />
      </span>
    );
  }
  const generic = result.kind === 'generic';
  return (
    <span className={plain} title={generic ? t('files.largeFile') : t('files.noPreview')} data-testid={generic ? 'file-generic-icon' : 'file-icon'}>
      <Icon name={generic ? 'largeFile' : 'file'} label={generic ? t('files.largeFile') : t('files.noPreview')} />
    </span>
  );
}
