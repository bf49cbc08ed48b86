import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { csvRows } from '../../data/csvParser.ts';
import { currentSyncStatus, mutate } from '../../data/replica.ts';
import { BATCH_LIMITS, chunkBatchLines } from '../../domain/batches/batchLifecycle.ts';
import { BATCH_DESCRIPTION_MAX, BATCH_DESCRIPTION_MIN, isCsvFileName } from '../../domain/batches/batchRules.ts';
import { useButtonGuard } from '../../ui/useButtonGuard.ts';
import { useCsvFile } from './useCsvFile.ts';

export type WizardFields = { name: string; description: string; caseTypeId: string };
export type WizardErrors = Partial<Record<'name' | 'description' | 'caseTypeId' | 'file', string>>;

/** Lines read from the worker per request while queueing (the sending chunks are cut from them by size). */
const READ_PAGE = BATCH_LIMITS.chunkLinesMax * 5;

/**
 * The new batch wizard (part 2 §2, §5, §8). Step 0 needs a name, a description, a case type and a .csv file
 * (`missingForContinue`'s order); the description's 10-to-120 rule of the batch schema is shown but, as the spec
 * says, gates nothing except the server's own maximum. Step 1 previews the lines; Create queues `batch.create` and
 * the lines in chunks through the outbox, so a batch made offline is sent, whole, when the network returns.
 */
export function useBatchWizard(onCreated: (batchId: string) => void) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<WizardFields>({ name: '', description: '', caseTypeId: '' });
  const [errors, setErrors] = useState<WizardErrors>({});
  const [step, setStep] = useState<0 | 1>(0);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { file, choose } = useCsvFile(t('batches.wizard.onlyCsv'));
  const guard = useButtonGuard();

  /** A field changed takes its message away until the next Continue. */
  const set = (patch: Partial<WizardFields>) => {
    setFields((f) => ({ ...f, ...patch }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([key]) => !(key in patch))));
  };
  const chooseFile = (chosen: File | null) => {
    setErrors(({ file: _file, ...rest }) => rest);
    choose(chosen);
  };

  function check(): WizardErrors {
    const found: WizardErrors = {};
    const description = fields.description.trim();
    if (!fields.name.trim()) found.name = t('batches.wizard.nameRequired');
    if (!description) found.description = t('batches.wizard.descriptionRequired');
    else if (description.length > BATCH_DESCRIPTION_MAX) found.description = t('batches.wizard.descriptionTooLong');
    if (!fields.caseTypeId) found.caseTypeId = t('batches.wizard.caseTypeRequired');
    if (file.phase === 'none') found.file = t('batches.wizard.fileRequired');
    else if (file.phase === 'refused') found.file = isCsvFileName(file.name) ? file.message : t('batches.wizard.onlyCsv');
    return found;
  }

  /** The batch schema's minimum, shown under the field without gating (part 2 §5). */
  const descriptionNote = fields.description.trim().length > 0 && fields.description.trim().length < BATCH_DESCRIPTION_MIN ? t('batches.wizard.descriptionTooShort') : null;

  function next(): void {
    const found = check();
    setErrors(found);
    if (Object.keys(found).length === 0) setStep(1);
  }

  function create(): void {
    if (file.phase !== 'read' || file.summary.rowCount === 0 || progress !== null) return;
    guard(() => void queue(file.summary));
  }

  async function queue(summary: Extract<typeof file, { phase: 'read' }>['summary']): Promise<void> {
    // Some 60 random bits: unique in practice, and short enough to read out and to search for.
    const batchId = `bat-${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const total = summary.rowCount;
    const fileLines = total + summary.problemCount;
    setRefusal(null);
    setProgress({ done: 0, total });
    const failed = (message: string) => {
      setProgress(null);
      setRefusal(message);
      showToast('error', t('batches.wizard.createFailed'), { detail: message });
    };
    const created = await mutate('batch.create', {
      batchId,
      name: fields.name.trim(),
      description: fields.description.trim(),
      caseTypeId: fields.caseTypeId,
      header: summary.columns,
      lineCount: fileLines,
    });
    if (!created.ok) return failed(created.message);
    let done = 0;
    let chunkIndex = 0;
    for (let offset = 0; offset < total; offset += READ_PAGE) {
      const drafts = await csvRows(summary.parseId, offset, READ_PAGE);
      for (const lines of chunkBatchLines(drafts.map((d) => ({ lineNo: d.line, values: d.values })))) {
        const added = await mutate('batch.addLines', { batchId, chunkIndex: chunkIndex++, lines });
        if (!added.ok) return failed(added.message);
        done += lines.length;
        setProgress({ done, total });
      }
    }
    if (currentSyncStatus().online) showToast('success', t('batches.wizard.created', { id: batchId, inserted: done, total: fileLines }));
    else showToast('info', t('batches.wizard.queued', { id: batchId, count: done }));
    onCreated(batchId);
  }

  return { fields, set, errors, descriptionNote, step, setStep, next, create, progress, refusal, file, choose: chooseFile };
}
