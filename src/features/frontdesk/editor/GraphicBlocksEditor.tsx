import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { blocksToTemplate, parseTemplateBlocks, withBlockSource, type ParsedTemplate, type TemplateBlock } from '../../../domain/forms/templateBlocks.ts';
import { Button } from '../../../ui/Button.tsx';
import { useButtonGuard } from '../../../ui/useButtonGuard.ts';
import { BlockRow } from './BlockRow.tsx';
import { moveBlock, removeBlock, replaceBlock, selectedOrAll, toggleSelection } from './blockList.ts';
import { BlockPreview } from './BlockPreview.tsx';
import { openTemplatePreview } from './templatePreview.ts';
import { useTemplateCopy } from './useTemplateCopy.ts';

type Props = {
  value: string;
  onChange: (template: string) => void;
  /** Convert to Template: the template rebuilt from the chosen blocks, shown in Main Source. */
  onConvert: (template: string) => void;
};

/**
 * Part 2 §2 graphic editor: the template as a list of blocks. Every change to the list is a change to the
 * template (so saving the form never loses it); a template changed from outside is parsed again.
 */
export function GraphicBlocksEditor({ value, onChange, onConvert }: Props) {
  const { t, i18n } = useTranslation();
  const [parsed, setParsed] = useState<{ template: string; blocks: ParsedTemplate }>(() => ({ template: value, blocks: parseTemplateBlocks(value) }));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const copy = useTemplateCopy();
  const guard = useButtonGuard();
  const idPrefix = useId();
  /** The control to focus once the list has changed under it (a moved or deleted row). */
  const [focusAfter, setFocusAfter] = useState<string | null>(null);
  useEffect(() => {
    if (focusAfter === null) return;
    document.getElementById(focusAfter)?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  if (parsed.template !== value) {
    // Changed outside this list (the designer, another tab of the dialog): start again from the new template.
    setParsed({ template: value, blocks: parseTemplateBlocks(value) });
    setSelected(new Set());
    setEditing(null);
  }

  const { blocks } = parsed.blocks;
  const update = (next: TemplateBlock[]) => {
    const frame = { ...parsed.blocks, blocks: next };
    const template = blocksToTemplate(frame);
    setParsed({ template, blocks: frame });
    onChange(template);
  };
  const chosenTemplate = () => blocksToTemplate(parsed.blocks, selectedOrAll(blocks, selected));
  const texts = { title: t('frontdeskEditor.previewTitle'), emptyText: t('frontdeskEditor.empty'), lang: i18n.language };
  const allSelected = blocks.length > 0 && selected.size === blocks.length;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label={t('frontdeskEditor.blocks')}>
        <Button id={`${idPrefix}-all`} size="sm" variant="secondary" disabled={blocks.length === 0} onClick={() => setSelected(allSelected ? new Set() : new Set(blocks.map((b) => b.id)))}>
          {allSelected ? t('frontdeskEditor.clearSelection') : t('frontdeskEditor.selectAll')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => onConvert(chosenTemplate())}>
          {t('frontdeskEditor.convert')}
        </Button>
        <Button size="sm" variant="secondary" aria-expanded={previewing} onClick={() => setPreviewing(!previewing)}>
          {previewing ? t('frontdeskEditor.closePreview') : t('frontdeskEditor.previewBlock')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => void copy(chosenTemplate())}>
          {t('frontdeskEditor.copy')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => guard(() => openTemplatePreview(value, texts))}>
          {t('frontdeskEditor.preview')}
        </Button>
        <span className="text-sm text-slate-600" aria-live="polite">
          {t('frontdeskEditor.selectedCount', { count: selected.size, total: blocks.length })}
        </span>
      </div>
      {previewing && <BlockPreview template={chosenTemplate()} texts={texts} label={t('frontdeskEditor.blockPreview')} />}
      {blocks.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">{t('frontdeskEditor.noBlocks')}</p>
      ) : (
        <ol className="flex flex-col gap-2" aria-label={t('frontdeskEditor.blocks')}>
          {blocks.map((block, index) => (
            <BlockRow
              key={block.id}
              block={block}
              idPrefix={`${idPrefix}-${block.id}`}
              number={index + 1}
              count={blocks.length}
              selected={selected.has(block.id)}
              editing={editing === block.id}
              onToggle={() => setSelected(toggleSelection(selected, block.id))}
              onMove={(delta) => {
                const position = Math.min(blocks.length, Math.max(1, index + 1 + delta));
                update(moveBlock(blocks, index, delta));
                setAnnouncement(t('frontdeskEditor.block.moved', { number: position }));
                // At either end the button pressed is disabled: the other direction's takes the focus.
                if (position === 1 || position === blocks.length) setFocusAfter(`${idPrefix}-${block.id}-${position === 1 ? 'down' : 'up'}`);
              }}
              onEdit={(on) => setEditing(on ? block.id : null)}
              onSourceChange={(source) => update(replaceBlock(blocks, withBlockSource(block, source)))}
              onRemove={() => {
                const neighbour = blocks[index + 1] ?? blocks[index - 1];
                setFocusAfter(neighbour === undefined ? `${idPrefix}-all` : `${idPrefix}-${neighbour.id}-select`);
                update(removeBlock(blocks, block.id));
                setSelected(new Set([...selected].filter((id) => id !== block.id)));
                setAnnouncement(t('frontdeskEditor.block.removed'));
              }}
            />
          ))}
        </ol>
      )}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
