import { useTranslation } from 'react-i18next';
import type { NodeTemplateDoc } from '../../domain/sync/documents.gen.ts';
import { EMPTY_TEMPLATE } from '../../domain/templates/templateRules.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { BlockPreview } from '../frontdesk/editor/BlockPreview.tsx';

type Props = { template: NodeTemplateDoc; onClose: () => void };

/**
 * Preview Template (part 2 §2; its behaviour is not shown, so it shows the template's HTML): sanitised
 * (src/ui/sanitizeTemplate.ts) in a frame that grants nothing, or the empty-preview text for 'EMPTY'.
 */
export function TemplatePreviewDialog({ template, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const html = template.template === EMPTY_TEMPLATE ? '' : template.template;
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('builder.preview.title', { name: template.name })}
      wide
      actions={
        <Button variant="secondary" onClick={onClose}>
          {t('builder.preview.close')}
        </Button>
      }
    >
      <BlockPreview template={html} texts={{ title: template.name, emptyText: t('builder.preview.empty'), lang: i18n.language }} label={t('builder.preview.frame')} />
    </Dialog>
  );
}
