import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { currentSyncStatus, mutate } from '../../data/replica.ts';
import { readGenerateForm, type GenerateForm, type GenerateProblem, type ValueRow } from '../../domain/engine/instanceValues.ts';
import { useButtonGuard } from '../../ui/useButtonGuard.ts';

const ROW_PROBLEM: Record<Extract<GenerateProblem, { field: 'rows' }>['code'], string> = {
  'name-missing': 'apps.generate.nameMissing',
  'name-repeated': 'apps.generate.nameRepeated',
  'name-too-long': 'apps.generate.nameTooLong',
};

export type GenerateErrors = { count?: string; rows: Record<number, string>; json?: string; values?: string };

/**
 * The 'generate instances' form: how many (1 to 50) and the values, as name/value rows or as JSON. Checked here
 * with the shared rules, then sent as one `instance.start` with an id per run, so the runs show at once.
 */
export function useGenerateForm(appId: string, onDone: () => void) {
  const { t } = useTranslation();
  const [form, setForm] = useState<GenerateForm>({ count: '1', mode: 'rows', rows: [{ name: '', value: '' }], json: '' });
  const [errors, setErrors] = useState<GenerateErrors>({ rows: {} });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const guard = useButtonGuard();

  const set = (patch: Partial<GenerateForm>) => setForm((f) => ({ ...f, ...patch }));
  const setRow = (index: number, patch: Partial<ValueRow>) => setForm((f) => ({ ...f, rows: f.rows.map((row, i) => (i === index ? { ...row, ...patch } : row)) }));
  const addRow = () => setForm((f) => ({ ...f, rows: [...f.rows, { name: '', value: '' }] }));
  const removeRow = (index: number) => setForm((f) => ({ ...f, rows: f.rows.length === 1 ? [{ name: '', value: '' }] : f.rows.filter((_, i) => i !== index) }));

  function submit(): void {
    const read = readGenerateForm(form);
    if (!read.ok) {
      const found: GenerateErrors = { rows: {} };
      for (const problem of read.problems) {
        if (problem.field === 'count') found.count = t('apps.generate.countProblem');
        else if (problem.field === 'rows') found.rows[problem.row] = t(ROW_PROBLEM[problem.code]);
        else if (problem.field === 'json') found.json = t(problem.code === 'json-invalid' ? 'apps.generate.jsonInvalid' : 'apps.generate.jsonNotObject');
        else found.values = t(problem.code === 'too-large' ? 'apps.generate.tooLarge' : 'apps.generate.tooMany');
      }
      setErrors(found);
      return;
    }
    setErrors({ rows: {} });
    guard(() => {
      setBusy(true);
      setRefusal(null);
      const ids = Array.from({ length: read.count }, () => `inst-${crypto.randomUUID()}`);
      void mutate('instance.start', { appId, ids, values: read.values }).then((result) => {
        setBusy(false);
        if (!result.ok) {
          setRefusal(result.code === 'app-inactive' ? t('apps.generate.inactive') : result.message);
          showToast('error', t('apps.generate.failed'), { detail: result.message });
          return;
        }
        if (currentSyncStatus().online) showToast('success', t('apps.generate.started', { count: read.count }));
        else showToast('info', t('apps.queued'));
        onDone();
      });
    });
  }

  return { form, set, setRow, addRow, removeRow, errors, refusal, busy, submit };
}
