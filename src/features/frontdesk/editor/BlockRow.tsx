import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TemplateBlock } from '../../../domain/forms/templateBlocks.ts';
import { Button } from '../../../ui/Button.tsx';
import { blockCaption } from './blockCaption.ts';

type Props = {
  block: TemplateBlock;
  /** Prefix of the ids of this row's controls, unique on the page (focus moves to them after a change). */
  idPrefix: string;
  /** 1-based position, for the controls' names. */
  number: number;
  count: number;
  selected: boolean;
  editing: boolean;
  onToggle: () => void;
  onMove: (delta: number) => void;
  onEdit: (editing: boolean) => void;
  onSourceChange: (source: string) => void;
  onRemove: () => void;
};

const KIND_COLOURS: Record<TemplateBlock['kind'], string> = {
  heading: 'bg-indigo-50 text-indigo-800',
  field: 'bg-emerald-50 text-emerald-800',
  text: 'bg-slate-100 text-slate-700',
  button: 'bg-amber-50 text-amber-800',
  html: 'bg-sky-50 text-sky-800',
};

/** One block of the graphic editor: select it, move it, edit its source in place, delete it. */
export function BlockRow({ block, idPrefix, number, count, selected, editing, onToggle, onMove, onEdit, onSourceChange, onRemove }: Props) {
  const { t } = useTranslation();
  const caption = blockCaption(t, block.summary);
  const sourceId = `${idPrefix}-source`;
  const source = useRef<HTMLTextAreaElement | null>(null);
  useEffect(() => {
    if (editing) source.current?.focus();
  }, [editing]);
  return (
    <li className={`flex flex-col gap-2 rounded-lg border p-3 ${selected ? 'border-brand bg-brand/5' : 'border-slate-200 bg-white'}`} data-testid="template-block">
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={`${idPrefix}-select`}
          type="checkbox"
          checked={selected}
          onChange={onToggle}
          aria-label={t('frontdeskEditor.block.select', { number, label: caption })}
          className="h-4 w-4 shrink-0 accent-brand focus-visible:outline-2 focus-visible:outline-focus"
        />
        <span className={`shrink-0 rounded px-1.5 py-0.5 text-xs font-semibold ${KIND_COLOURS[block.kind]}`}>{t(`frontdeskEditor.kinds.${block.kind}`)}</span>
        <span className="min-w-0 flex-1 break-words text-sm text-slate-900">{caption}</span>
        <div className="flex shrink-0 gap-1">
          <Button id={`${idPrefix}-up`} size="sm" variant="ghost" aria-label={t('frontdeskEditor.block.up', { number })} disabled={number === 1} onClick={() => onMove(-1)}>
            <span aria-hidden="true">↑</span>
          </Button>
          <Button id={`${idPrefix}-down`} size="sm" variant="ghost" aria-label={t('frontdeskEditor.block.down', { number })} disabled={number === count} onClick={() => onMove(1)}>
            <span aria-hidden="true">↓</span>
          </Button>
          <Button size="sm" variant="ghost" aria-label={t('frontdeskEditor.block.editLabel', { number })} aria-expanded={editing} aria-controls={editing ? sourceId : undefined} onClick={() => onEdit(!editing)}>
            {editing ? t('frontdeskEditor.block.done') : t('frontdeskEditor.block.edit')}
          </Button>
          <Button size="sm" variant="ghost" className="text-red-700" aria-label={t('frontdeskEditor.block.removeLabel', { number })} onClick={onRemove}>
            {t('frontdeskEditor.block.remove')}
          </Button>
        </div>
      </div>
      {editing ? (
        <>
          <label htmlFor={sourceId} className="sr-only">
            {t('frontdeskEditor.block.source', { number })}
          </label>
          <textarea
            ref={source}
            id={sourceId}
            value={block.source}
            onChange={(event) => onSourceChange(event.target.value)}
            rows={Math.min(12, Math.max(3, block.source.split('\n').length))}
            spellCheck={false}
            className="w-full rounded-md border border-slate-300 p-2 font-mono text-xs text-slate-900 focus-visible:outline-2 focus-visible:outline-focus"
          />
        </>
      ) : (
        <pre className="line-clamp-3 whitespace-pre-wrap break-all rounded bg-slate-50 p-2 font-mono text-xs text-slate-600">{block.source.trim()}</pre>
      )}
    </li>
  );
}
