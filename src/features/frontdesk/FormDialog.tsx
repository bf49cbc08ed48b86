import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkspaceDoc } from '../../data/useWorkspaceDoc.ts';
import type { FrontdeskFormDoc } from '../../domain/sync/documents.gen.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { useButtonGuard } from '../../ui/useButtonGuard.ts';
import { useCaseTypes } from '../cases/useCaseTypes.ts';
import { NoteField } from '../tickets/NoteField.tsx';
import { TemplateEditor } from './editor/TemplateEditor.tsx';
import { useFormEditor } from './useFormEditor.ts';

type Props = { form?: FrontdeskFormDoc; onClose: () => void };

/**
 * New and Edit frontdesk form (part 2 §2 Form editor): Form ID (edit only, read-only), Case Type, Name, Description,
 * Webhook notification and Link access (edit only), and the template in its editor (Main Source or the graphic
 * block editor, and the Graphic Designer when the workspace has one). Opened fresh each time.
 */
export function FormDialog({ form, onClose }: Props) {
  const { t } = useTranslation();
  const editor = useFormEditor(form, onClose);
  const { draft, set, errorOf } = editor;
  const types = useCaseTypes();
  const designerUrl = useWorkspaceDoc()?.designerUrl ?? null;
  const guard = useButtonGuard();
  const ids = { caseType: useId(), formId: useId(), caseTypeError: useId() };
  const caseTypeError = errorOf('caseTypeId', t('frontdesk.dialog.caseType'));
  const templateError = errorOf('template', t('frontdesk.dialog.template'));
  const edit = editor.mode === 'edit';

  return (
    <Dialog open onClose={onClose} title={edit ? t('frontdesk.dialog.editTitle') : t('frontdesk.dialog.createTitle')} wide>
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
            <label htmlFor={ids.formId} className="text-sm font-semibold text-slate-800">
              {t('frontdesk.dialog.formId')}
            </label>
            <input id={ids.formId} readOnly value={draft.formId} className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-700" />
          </div>
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.caseType} className="text-sm font-semibold text-slate-800">
            {t('frontdesk.dialog.caseType')}
          </label>
          <select
            id={ids.caseType}
            value={draft.caseTypeId}
            onChange={(event) => set('caseTypeId', event.target.value)}
            aria-invalid={caseTypeError !== undefined}
            aria-describedby={caseTypeError === undefined ? undefined : ids.caseTypeError}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-focus"
          >
            <option value="">{t('frontdesk.dialog.chooseCaseType')}</option>
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
        <NoteField label={t('frontdesk.dialog.name')} value={draft.name} onChange={(v) => set('name', v)} error={errorOf('name', t('frontdesk.dialog.name'))} maxLength={120} autoFocus />
        <NoteField
          label={t('frontdesk.dialog.description')}
          value={draft.description}
          onChange={(v) => set('description', v)}
          error={errorOf('description', t('frontdesk.dialog.description'))}
          maxLength={500}
          multiline
        />
        {edit && (
          <>
            <NoteField label={t('frontdesk.dialog.webhook')} hint={t('frontdesk.dialog.webhookHint')} value={draft.webhook} onChange={(v) => set('webhook', v)} maxLength={2000} />
            <NoteField label={t('frontdesk.dialog.link')} value={draft.link} onChange={(v) => set('link', v)} error={errorOf('link', t('frontdesk.dialog.link'))} maxLength={2000} />
          </>
        )}
        <TemplateEditor value={draft.template} onChange={(template) => set('template', template)} designerUrl={designerUrl} />
        {templateError !== undefined && <p className="text-sm text-red-700">{templateError}</p>}
        <FormFooter
          onClose={onClose}
          cancelLabel={t('frontdesk.dialog.cancel')}
          submitLabel={edit ? t('frontdesk.dialog.save') : t('frontdesk.dialog.create')}
          submitDisabled={!editor.canSave}
          refusal={editor.refusal}
        />
      </form>
    </Dialog>
  );
}
