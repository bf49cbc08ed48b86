import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { currentSyncStatus, mutate } from '../../data/replica.ts';
import type { NodeTemplateDoc } from '../../domain/sync/documents.gen.ts';
import { canSaveTemplate, EMPTY_TEMPLATE, parseConfigText, type TemplateNodeType } from '../../domain/templates/templateRules.ts';

export type TemplateDraft = { name: string; caseTypeId: string; nodeType: TemplateNodeType | ''; description: string; configText: string; template: string };
type Field = 'name' | 'caseTypeId' | 'nodeType' | 'description';

const NEW_CONFIG = '{\n  "general": {},\n  "exported_values": []\n}';

function initialDraft(tpl: NodeTemplateDoc | undefined): TemplateDraft {
  if (tpl === undefined) return { name: '', caseTypeId: '', nodeType: '', description: '', configText: NEW_CONFIG, template: '' };
  return {
    name: tpl.name,
    caseTypeId: tpl.caseTypeId,
    nodeType: tpl.nodeType as TemplateNodeType,
    description: tpl.description,
    configText: JSON.stringify(tpl.config, null, 2),
    template: tpl.template === EMPTY_TEMPLATE ? '' : tpl.template,
  };
}

/**
 * The node template dialog's state and its save (part 2 §2 Node template editor, §5 save rules, §8 Template
 * messages): Save is enabled when name, case type, description and a configuration that is a JSON object are set
 * (editing also needs the id). The change goes through the outbox as `template.create` or `template.update`.
 */
export function useTemplateEditor(tpl: NodeTemplateDoc | undefined, onSaved: () => void) {
  const { t } = useTranslation();
  const mode = tpl === undefined ? 'create' : 'edit';
  const [draft, setDraft] = useState(() => initialDraft(tpl));
  // A new template's id is made once, so a repeated Save (a double click, an outbox replay) is one template.
  const [id] = useState(() => tpl?.id ?? `tpl-${crypto.randomUUID()}`);
  const [touched, setTouched] = useState<Partial<Record<Field | 'configText', boolean>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const canSave = canSaveTemplate(mode, { ...draft, id }) && !busy;
  const config = parseConfigText(draft.configText);

  const set = <K extends keyof TemplateDraft>(key: K, value: TemplateDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setTouched((s) => ({ ...s, [key]: true }));
  };
  const errorOf = (field: Field, label: string) => (touched[field] && draft[field].trim() === '' ? t('builder.dialog.required', { field: label }) : undefined);
  const configError = config.ok ? undefined : t(`builder.dialog.configErrors.${config.reason}`);

  async function submit(): Promise<void> {
    if (!canSave || !config.ok || draft.nodeType === '') return;
    setRefusal(null);
    setBusy(true);
    const args = {
      id,
      name: draft.name.trim(),
      caseTypeId: draft.caseTypeId,
      nodeType: draft.nodeType,
      description: draft.description.trim(),
      config: config.value,
      template: draft.nodeType === 'human-interface' && draft.template.trim() !== '' ? draft.template : null,
    };
    const saved = await mutate(mode === 'create' ? 'template.create' : 'template.update', args);
    setBusy(false);
    if (!saved.ok) {
      setRefusal(saved.message);
      showToast('error', t(mode === 'create' ? 'builder.dialog.createFailed' : 'builder.dialog.editFailed'), { detail: saved.message });
      return;
    }
    // Offline the change waits in the outbox: say so, rather than a confirmation the server has not given.
    if (currentSyncStatus().online) showToast('success', t(mode === 'create' ? 'builder.dialog.created' : 'builder.dialog.edited'));
    else showToast('info', t('builder.dialog.queued'));
    onSaved();
  }

  return { mode, id, draft, set, errorOf, configError, canSave, refusal, busy, submit } as const;
}
