import { useTranslation } from 'react-i18next';
import { useWorkspaceDoc } from '../../data/useWorkspaceDoc.ts';
import type { WorkspaceDoc } from '../../domain/sync/documents.gen.ts';
import { URL_MAX } from '../../domain/settings/workspaceRules.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { useButtonGuard } from '../../ui/useButtonGuard.ts';
import { NoteField } from '../tickets/NoteField.tsx';
import { useWorkspaceForm } from './useWorkspaceForm.ts';

/** Settings → Workspace (administrators): the external dashboard URL and the chat link everyone's screens use. */
export function WorkspaceTab() {
  const { t } = useTranslation();
  const workspace = useWorkspaceDoc();
  // Until the workspace document has arrived (a cold device's first pull), there is nothing to edit yet.
  if (!workspace) return <p className="text-slate-600">{t('workspace.loading')}</p>;
  return <WorkspaceForm workspace={workspace} />;
}

function WorkspaceForm({ workspace }: { workspace: WorkspaceDoc }) {
  const { t } = useTranslation();
  const form = useWorkspaceForm(workspace);
  const guard = useButtonGuard();
  return (
    <section aria-labelledby="workspace-heading" className="flex max-w-2xl flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="workspace-heading" className="text-lg font-semibold text-slate-900">
          {t('workspace.form.heading')}
        </h2>
        {form.pending && <Badge tone="yellow">{t('workspace.form.pending')}</Badge>}
      </div>
      <p className="text-sm text-slate-600">{t('workspace.form.intro')}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 text-sm">
        <dt className="text-slate-600">{t('workspace.form.name')}</dt>
        <dd className="break-words text-slate-900">{workspace.name}</dd>
      </dl>
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          guard(() => void form.submit());
        }}
      >
        <NoteField
          label={t('workspace.form.dashboardUrl')}
          hint={t('workspace.form.dashboardHint')}
          value={form.values.externalDashboardUrl}
          onChange={(v) => form.set('externalDashboardUrl', v)}
          error={form.errors.externalDashboardUrl}
          maxLength={URL_MAX}
          placeholder="https://dashboards.example/d/overview"
        />
        <NoteField
          label={t('workspace.form.chatLink')}
          hint={t('workspace.form.chatHint')}
          value={form.values.chatLink}
          onChange={(v) => form.set('chatLink', v)}
          error={form.errors.chatLink}
          maxLength={URL_MAX}
          placeholder="+34 600 000 000"
        />
        <NoteField
          label={t('workspace.form.designerUrl')}
          hint={t('workspace.form.designerHint')}
          value={form.values.designerUrl}
          onChange={(v) => form.set('designerUrl', v)}
          error={form.errors.designerUrl}
          maxLength={URL_MAX}
          placeholder="https://designer.example/editor"
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={form.reset} disabled={!form.touched}>
            {t('workspace.form.reset')}
          </Button>
          <Button type="submit" disabled={form.busy}>
            {form.busy ? t('workspace.form.saving') : t('workspace.form.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
