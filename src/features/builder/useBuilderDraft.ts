import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { currentSyncStatus, mutate, useDoc, useSyncStatus } from '../../data/replica.ts';
import type { NodeTemplateDoc } from '../../domain/sync/documents.gen.ts';
import { activeAfterMovement, addPage, dropPage, idAfterMove, pagesOf, samePages, withPages, type TemplatePage } from '../../domain/templates/templatePages.ts';
import { EMPTY_TEMPLATE, isConfigObject } from '../../domain/templates/templateRules.ts';

export type BuilderTemplate = { state: 'loading' } | { state: 'missing' } | { state: 'ready'; template: NodeTemplateDoc };

/**
 * The human-interface template the builder edits, read from the replica by id: loading until the replica has
 * answered and the configuration has arrived once, missing when there is no such human-interface template.
 */
export function useBuilderTemplate(templateId: string): BuilderTemplate {
  const doc = useDoc('config', templateId);
  const status = useSyncStatus();
  const arrived = status.loaded === null || status.loaded.includes('config');
  if (doc === undefined || (doc === null && !arrived)) return { state: 'loading' };
  if (doc === null || doc.deleted || doc.kind !== 'nodeTemplate' || doc.nodeType !== 'human-interface') return { state: 'missing' };
  return { state: 'ready', template: doc };
}

/**
 * The builder's draft of one template: its pages (ordered, renumbered) and text, the active page, and the save
 * through the outbox (`template.update`, so it works offline). The draft starts from the template and is kept
 * while the user edits, even when a newer copy of the template arrives.
 */
export function useBuilderDraft(template: NodeTemplateDoc) {
  const { t } = useTranslation();
  const savedPages = useMemo(() => pagesOf(template.config), [template.config]);
  const savedText = template.template === EMPTY_TEMPLATE ? '' : template.template;
  const [pages, setPages] = useState<TemplatePage[]>(savedPages);
  const [text, setText] = useState(savedText);
  const [active, setActive] = useState<number | null>(savedPages[0]?.id ?? null);
  const [busy, setBusy] = useState(false);
  const dirty = !samePages(pages, savedPages) || text !== savedText;

  // A newer copy of the template (a save replicated back, another device's edit) replaces a draft with no changes.
  const [base, setBase] = useState(template);
  if (base !== template) {
    setBase(template);
    if (!busy && samePages(pages, pagesOf(base.config)) && text === (base.template === EMPTY_TEMPLATE ? '' : base.template)) {
      setPages(savedPages);
      setText(savedText);
    }
  }

  // Leaving the page with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const reorder = (activeId: number, overId: number | null) => {
    const next = dropPage(pages, activeId, overId);
    setActive((current) => idAfterMove(pages, next, current));
    setPages(next);
  };
  const add = (name: string) => {
    const next = addPage(pages, name);
    setPages(next);
    setActive(next[next.length - 1]!.id);
  };
  const move = (value: unknown) => setActive((current) => activeAfterMovement(pages, current, value));

  async function save(): Promise<boolean> {
    if (busy || !dirty) return false;
    setBusy(true);
    const config = isConfigObject(template.config) ? template.config : {};
    const saved = await mutate('template.update', {
      id: template.id,
      name: template.name,
      caseTypeId: template.caseTypeId,
      nodeType: template.nodeType,
      description: template.description,
      config: withPages(config, pages),
      template: text.trim() === '' ? null : text,
    });
    setBusy(false);
    if (!saved.ok) {
      showToast('error', t('builder.dialog.editFailed'), { detail: saved.message });
      return false;
    }
    if (currentSyncStatus().online) showToast('success', t('builder.dialog.edited'));
    else showToast('info', t('builder.dialog.queued'));
    return true;
  }

  return { pages, text, setText, active, setActive, reorder, add, move, dirty, busy, save } as const;
}
