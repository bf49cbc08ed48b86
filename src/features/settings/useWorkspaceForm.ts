import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { currentSyncStatus, mutate, usePendingMutations } from '../../data/replica.ts';
import { WORKSPACE_MESSAGES, workspaceFormErrors } from '../../domain/settings/workspaceRules.ts';
import type { WorkspaceDoc } from '../../domain/sync/documents.gen.ts';

export type WorkspaceFormValues = { externalDashboardUrl: string; chatLink: string; designerUrl: string };
type FieldErrors = Partial<Record<keyof WorkspaceFormValues, string>>;

/** The rules' messages as the user's language says them. */
const MESSAGE_KEYS: Record<string, string> = {
  [WORKSPACE_MESSAGES.dashboardInvalid]: 'workspace.form.messages.dashboardInvalid',
  [WORKSPACE_MESSAGES.dashboardCredentials]: 'workspace.form.messages.dashboardCredentials',
  [WORKSPACE_MESSAGES.chatInvalid]: 'workspace.form.messages.chatInvalid',
  [WORKSPACE_MESSAGES.tooLong]: 'workspace.form.messages.tooLong',
};

const valuesOf = (doc: WorkspaceDoc): WorkspaceFormValues => ({ externalDashboardUrl: doc.externalDashboardUrl ?? '', chatLink: doc.chatLink ?? '', designerUrl: doc.designerUrl ?? '' });

/**
 * The Workspace tab's form: starts from the replica's workspace and follows it while untouched (another
 * administrator's change shows up), checks each field as the rules say, and saves through the outbox.
 */
export function useWorkspaceForm(workspace: WorkspaceDoc) {
  const { t } = useTranslation();
  const [values, setValues] = useState<WorkspaceFormValues>(() => valuesOf(workspace));
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const pending = usePendingMutations().some((m) => m.name === 'workspace.update');

  useEffect(() => {
    if (!touched) setValues(valuesOf(workspace));
  }, [workspace, touched]);

  const set = (key: keyof WorkspaceFormValues, value: string) => {
    setTouched(true);
    setValues((v) => ({ ...v, [key]: value }));
  };
  const reset = () => {
    setTouched(false);
    setErrors({});
    setValues(valuesOf(workspace));
  };

  async function submit(): Promise<void> {
    const found = workspaceFormErrors(values);
    const next: FieldErrors = Object.fromEntries(Object.entries(found).map(([field, message]) => [field, t(MESSAGE_KEYS[message] ?? message)]));
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    const saved = await mutate('workspace.update', { id: workspace.id, externalDashboardUrl: values.externalDashboardUrl, chatLink: values.chatLink, designerUrl: values.designerUrl });
    setBusy(false);
    if (!saved.ok) {
      showToast('error', t(saved.code === 'forbidden' ? 'workspace.form.forbidden' : 'workspace.form.failed'), { detail: saved.message });
      return;
    }
    setTouched(false);
    // Offline the change waits in the outbox: say so, rather than a confirmation the server has not given.
    if (currentSyncStatus().online) showToast('success', t('workspace.form.saved'));
    else showToast('info', t('workspace.form.queued'));
  }

  return { values, set, reset, errors, busy, pending, touched, submit };
}
