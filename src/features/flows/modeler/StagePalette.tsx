import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { NODE_TYPES, type NodeType } from '../../../domain/engine/flowGraph.ts';
import { STAGE_DRAG_TYPE } from './selection.ts';

/**
 * The engine's stage types: a click adds one in the middle of the view, a drag drops one where it is let go.
 * Drawn again only when `onAdd` changes, not on each change of the graph.
 */
export const StagePalette = memo(function StagePalette({ onAdd }: { onAdd: (type: NodeType) => void }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="palette-title" className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2">
      <h2 id="palette-title" className="text-sm font-semibold text-slate-900">
        {t('flows.modeler.palette')}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {NODE_TYPES.map((type) => (
          <li key={type}>
            <button
              type="button"
              draggable
              onDragStart={(event) => {
                event.dataTransfer.setData(STAGE_DRAG_TYPE, type);
                event.dataTransfer.effectAllowed = 'move';
              }}
              onClick={() => onAdd(type)}
              aria-label={t('flows.modeler.addStage', { type: t(`flows.types.${type}`) })}
              className="cursor-grab rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-left text-sm font-semibold text-slate-800 hover:border-brand focus-visible:outline-2 focus-visible:outline-focus"
              data-stage-type={type}
            >
              + {t(`flows.types.${type}`)}
            </button>
          </li>
        ))}
      </ul>
      <p className="w-full text-xs text-slate-600">{t('flows.modeler.paletteHint')}</p>
    </section>
  );
});
