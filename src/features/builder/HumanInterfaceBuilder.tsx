import { Navigate, useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TABLET_MAX_WIDTH } from '../../domain/ui/uiConstants.ts';
import type { NodeTemplateDoc } from '../../domain/sync/documents.gen.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { useButtonGuard } from '../../ui/useButtonGuard.ts';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { useMediaQuery } from '../../app/shell/useMediaQuery.ts';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';
import { BuilderSidePanel } from './BuilderSidePanel.tsx';
import { PagesPanel } from './PagesPanel.tsx';
import { PreviewFrame } from './PreviewFrame.tsx';
import { useBuilderDraft, useBuilderTemplate } from './useBuilderDraft.ts';

/**
 * The human-interface template editor (/builder/{id}/create, /integrate and /share, part 2 §2, module BUILDER):
 * header 'Human Interface Builder > {name}', the Pages panel, the sandboxed preview and the Content / Constraints
 * panel. The template is read from the replica by id; an unknown id goes back to /builder. Desktop only (§9):
 * at tablet width and below it says so.
 */
export function HumanInterfaceBuilder({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { templateId = '' } = useParams({ strict: false }) as { templateId?: string };
  const loaded = useBuilderTemplate(templateId);
  const narrow = useMediaQuery(`(max-width: ${TABLET_MAX_WIDTH}px)`);
  const navigate = useNavigate();
  useDocumentTitle(loaded.state === 'ready' ? t('hiBuilder.header', { name: loaded.template.name }) : t(route.nameKey));

  if (narrow) {
    return (
      <section aria-labelledby="hi-builder-title" className="flex flex-col gap-4">
        <h1 id="hi-builder-title" className="text-2xl font-semibold text-slate-900">
          {t('hiBuilder.title')}
        </h1>
        <EmptyState icon="empty" title={t('hiBuilder.desktopOnly')} text={t('hiBuilder.desktopOnlyText')} />
        <div>
          <Button onClick={() => void navigate({ to: '/builder' })}>{t('hiBuilder.goBack')}</Button>
        </div>
      </section>
    );
  }
  if (loaded.state === 'missing') return <Navigate to="/builder" replace />;
  if (loaded.state === 'loading') {
    return (
      <p role="status" className="text-slate-600">
        {t('hiBuilder.loading')}
      </p>
    );
  }
  return <BuilderWorkspace key={loaded.template.id} template={loaded.template} />;
}

function BuilderWorkspace({ template }: { template: NodeTemplateDoc }) {
  const { t } = useTranslation();
  const draft = useBuilderDraft(template);
  const guard = useButtonGuard();
  // A pointer released over the preview frame would reach the frame's document, not this one, and leave the drag
  // hanging: while a page is dragged the frame lets the pointer through.
  const [dragging, setDragging] = useState(false);
  const activePage = draft.pages.find((p) => p.id === draft.active) ?? null;
  return (
    <section aria-labelledby="hi-builder-title" className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="hi-builder-title" className="text-2xl font-semibold text-slate-900">
          {t('hiBuilder.header', { name: template.name })}
        </h1>
        <div className="flex items-center gap-3">
          <span className="text-sm text-slate-600" data-testid="builder-version">
            {draft.dirty ? t('hiBuilder.unsaved', { version: template.version }) : t('hiBuilder.version', { version: template.version })}
          </span>
          <Button onClick={() => guard(() => void draft.save())} disabled={!draft.dirty || draft.busy}>
            {draft.busy ? t('hiBuilder.saving') : t('hiBuilder.save')}
          </Button>
        </div>
      </div>
      <div role="tablist" aria-label={t('hiBuilder.modes')} className="flex gap-1 shadow-[inset_0_-1px_0_var(--color-slate-200)]">
        <span role="tab" aria-selected="true" tabIndex={0} className="border-b-2 border-brand px-3 py-2 text-sm font-medium text-brand">
          {t('hiBuilder.createTab')}
        </span>
      </div>
      <div className="flex min-h-[560px] gap-4">
        <div className="w-72 shrink-0">
          <PagesPanel pages={draft.pages} active={draft.active} onSelect={draft.setActive} onReorder={draft.reorder} onAdd={draft.add} onDragging={setDragging} />
        </div>
        <PreviewFrame text={draft.text} pages={draft.pages} active={draft.active} onMovement={draft.move} passPointer={dragging} />
        <BuilderSidePanel text={draft.text} onText={draft.setText} config={template.config} page={activePage} />
      </div>
    </section>
  );
}
