import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type CollisionDetection, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TemplatePage } from '../../domain/templates/templatePages.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { NewPageDialog } from './NewPageDialog.tsx';

/** How far beyond the first and last page a pointer still counts as over the list, in px. */
const LIST_MARGIN = 16;

/**
 * The nearest page, but only while the dragged page's centre is over the list: a drop elsewhere has no target and
 * the order is restored (part 2 §2). The keyboard moves the dragged page from page to page, so it stays inside.
 */
const withinList: CollisionDetection = (args) => {
  const rects = [...args.droppableRects.values()];
  const { collisionRect: dragged } = args;
  const x = dragged.left + dragged.width / 2;
  const y = dragged.top + dragged.height / 2;
  const inside =
    rects.length > 0 &&
    x >= Math.min(...rects.map((r) => r.left)) &&
    x <= Math.max(...rects.map((r) => r.right)) &&
    y >= Math.min(...rects.map((r) => r.top)) - LIST_MARGIN &&
    y <= Math.max(...rects.map((r) => r.bottom)) + LIST_MARGIN;
  return inside ? closestCenter(args) : [];
};

type Props = {
  pages: TemplatePage[];
  active: number | null;
  onSelect: (id: number) => void;
  onReorder: (activeId: number, overId: number | null) => void;
  onAdd: (name: string) => void;
  /** Told when a drag starts and ends, so the page can keep the preview frame from swallowing the drop. */
  onDragging: (dragging: boolean) => void;
};

/**
 * The builder's Pages panel (part 2 §2): the pages in order, dragged with the mouse or moved with the keyboard
 * (Space or Enter on the handle, the arrows, Space or Enter again; Escape cancels). A drop outside the list
 * restores the order; after a reorder the ids are 1..n again. The first page is badged Start, the last End, the
 * selected one Active.
 */
export function PagesPanel({ pages, active, onSelect, onReorder, onAdd, onDragging }: Props) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const nameOf = (id: unknown) => pages.find((p) => p.id === id)?.name ?? '';

  const onDragEnd = (event: DragEndEvent) => {
    onDragging(false);
    onReorder(Number(event.active.id), event.over === null ? null : Number(event.over.id));
  };

  return (
    <section aria-labelledby="pages-title" className="flex min-h-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="pages-title" className="text-base font-semibold text-slate-900">
          {t('hiBuilder.pages.title')}
        </h2>
        <Button size="sm" variant="secondary" onClick={() => setAdding(true)}>
          {t('hiBuilder.pages.add')}
        </Button>
      </div>
      {pages.length === 0 ? (
        <p className="py-6 text-center text-slate-600">{t('hiBuilder.pages.none')}</p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={withinList}
          onDragStart={() => onDragging(true)}
          onDragEnd={onDragEnd}
          onDragCancel={() => onDragging(false)}
          accessibility={{
            screenReaderInstructions: { draggable: t('hiBuilder.pages.instructions') },
            announcements: {
              onDragStart: ({ active: a }) => t('hiBuilder.pages.picked', { name: nameOf(a.id) }),
              onDragOver: ({ active: a, over }) => (over ? t('hiBuilder.pages.over', { name: nameOf(a.id), target: nameOf(over.id) }) : t('hiBuilder.pages.outside', { name: nameOf(a.id) })),
              onDragEnd: ({ active: a, over }) => (over ? t('hiBuilder.pages.dropped', { name: nameOf(a.id), target: nameOf(over.id) }) : t('hiBuilder.pages.restored', { name: nameOf(a.id) })),
              onDragCancel: ({ active: a }) => t('hiBuilder.pages.restored', { name: nameOf(a.id) }),
            },
          }}
        >
          <SortableContext items={pages.map((p) => p.id)} strategy={verticalListSortingStrategy}>
            <ol className="flex flex-col gap-2" aria-label={t('hiBuilder.pages.listLabel')}>
              {pages.map((page) => (
                <PageRow key={`${page.id}-${page.name}`} page={page} active={page.id === active} onSelect={() => onSelect(page.id)} />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {adding && (
        <NewPageDialog
          onClose={() => setAdding(false)}
          onCreate={(name) => {
            onAdd(name);
            setAdding(false);
          }}
        />
      )}
    </section>
  );
}

function PageRow({ page, active, onSelect }: { page: TemplatePage; active: boolean; onSelect: () => void }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: page.id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="builder-page"
      data-page-id={page.id}
      className={`flex items-center gap-2 rounded-lg border bg-white p-2 ${active ? 'border-brand ring-1 ring-brand' : 'border-slate-200'} ${isDragging ? 'z-10 shadow-lg' : ''}`}
    >
      <button
        type="button"
        {...attributes}
        {...listeners}
        aria-label={t('hiBuilder.pages.handle', { name: page.name })}
        className="cursor-grab rounded px-1 text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-focus"
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <button
        type="button"
        onClick={onSelect}
        aria-current={active ? 'page' : undefined}
        className="flex min-w-0 flex-1 items-center gap-2 rounded text-left focus-visible:outline-2 focus-visible:outline-focus"
      >
        <span className="w-6 shrink-0 text-right font-mono text-sm text-slate-600" data-testid="page-number">
          {page.id}
        </span>
        <span className="min-w-0 flex-1 truncate font-medium text-slate-900" data-testid="page-name">
          {page.name}
        </span>
      </button>
      <span className="flex shrink-0 gap-1">
        {page.isStart && <Badge tone="green">{t('hiBuilder.pages.start')}</Badge>}
        {page.isEnd && <Badge tone="red">{t('hiBuilder.pages.end')}</Badge>}
        {active && <Badge tone="blue">{t('hiBuilder.pages.active')}</Badge>}
      </span>
    </li>
  );
}
