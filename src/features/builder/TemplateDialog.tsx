import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { NodeTemplateDoc } from '../../domain/sync/documents.gen.ts';
import { TEMPLATE_NODE_TYPES, type TemplateNodeType } from '../../domain/templates/templateRules.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { useButtonGuard } from '../../ui/useButtonGuard.ts';
import { useCaseTypes } from '../cases/useCaseTypes.ts';
import { NoteField } from '../tickets/NoteField.tsx';
import { ConfigEditor } from './ConfigEditor.tsx';
import { useTemplateEditor } from './useTemplateEditor.ts';

type Props = { template?: NodeTemplateDoc; onClose: () => void };

const SELECT = 'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-focus';

/**
 * 'New node' and 'Edit node' (part 2 §2 Node template editor): Node ID (edit only, read-only), Case Type (TBD left
 * out), Template Type, Name, Description, the Configuration's JSON editor and, for a human-interface template being
 * edited, its Template text. Opened fresh each time; Escape closes it.
 */
export function TemplateDialog({ template, onClose }: Props) {
  const { t } = useTranslation();
  const editor = useTemplateEditor(template, onClose);
  const { draft, set, errorOf } = editor;
  const types = useCaseTypes();
  const guard = useButtonGuard();
  const ids = { nodeId: useId(), caseType: useId(), caseTypeError: useId(), nodeType: useId(), nodeTypeError: useId(), config: useId(), template: useId() };
  const caseTypeError = errorOf('caseTypeId', t('builder.dialog.caseType'));
  const nodeTypeError = errorOf('nodeType', t('builder.dialog.nodeType'));
  const edit = editor.mode === 'edit';

  return (
    <Dialog open onClose={onClose} title={edit ? t('builder.dialog.editTitle') : t('builder.dialog.createTitle')} wide>
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          guard(() => void editor.submit());
        }}
      >
        {edit && (
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.nodeId} className="text-sm font-semibold text-slate-800">
              {t('builder.dialog.nodeId')}
            </label>
            <input id={ids.nodeId} readOnly value={editor.id} className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-700" />
          </div>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor={ids.caseType} className="text-sm font-semibold text-slate-800">
              {t('builder.dialog.caseType')}
            </label>
            <select
              id={ids.caseType}
              value={draft.caseTypeId}
              onChange={(event) => set('caseTypeId', event.target.value)}
              aria-invalid={caseTypeError !== undefined}
              aria-describedby={caseTypeError === undefined ? undefined : ids.caseTypeError}
              className={SELECT}
            >
              <option value="">{t('builder.dialog.chooseCaseType')}</option>
              {types.listed.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.description || type.code}
                </option>
              ))}
            </select>
            {caseTypeError !== undefined && (
              <p id={ids.caseTypeError} className="text-sm text-red-700">
                {caseTypeError}
              </p>
            )}
          </div>
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor={ids.nodeType} className="text-sm font-semibold text-slate-800">
              {t('builder.dialog.nodeType')}
            </label>
            <select
              id={ids.nodeType}
              value={draft.nodeType}
              onChange={(event) => set('nodeType', event.target.value as TemplateNodeType)}
              aria-invalid={nodeTypeError !== undefined}
              aria-describedby={nodeTypeError === undefined ? undefined : ids.nodeTypeError}
              className={SELECT}
            >
              <option value="" disabled>
                {t('builder.dialog.chooseNodeType')}
              </option>
              {TEMPLATE_NODE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`builder.nodeTypes.${type}`)}
                </option>
              ))}
            </select>
            {nodeTypeError !== undefined && (
              <p id={ids.nodeTypeError} className="text-sm text-red-700">
                {nodeTypeError}
              </p>
            )}
          </div>
        </div>
        <NoteField label={t('builder.dialog.name')} value={draft.name} onChange={(v) => set('name', v)} error={errorOf('name', t('builder.dialog.name'))} maxLength={120} autoFocus />
        <NoteField
          label={t('builder.dialog.description')}
          value={draft.description}
          onChange={(v) => set('description', v)}
          error={errorOf('description', t('builder.dialog.description'))}
          maxLength={500}
          multiline
        />
        <ConfigEditor value={draft.configText} onChange={(text) => set('configText', text)} error={editor.configError} labelId={ids.config} />
        {edit && draft.nodeType === 'human-interface' && (
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.template} className="text-sm font-semibold text-slate-800">
              {t('builder.dialog.template')}
            </label>
            <textarea
              id={ids.template}
              value={draft.template}
              onChange={(event) => set('template', event.target.value)}
              rows={8}
              spellCheck={false}
              className="rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm focus-visible:outline-2 focus-visible:outline-focus"
            />
          </div>
        )}
        <FormFooter
          onClose={onClose}
          cancelLabel={t('builder.dialog.cancel')}
          submitLabel={edit ? t('builder.dialog.save') : t('builder.dialog.create')}
          submitDisabled={!editor.canSave}
          refusal={editor.refusal}
        />
      </form>
    </Dialog>
  );
}
