import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../ui/Tabs.tsx';
import { GraphicBlocksEditor } from './GraphicBlocksEditor.tsx';
import { GraphicDesignerButton } from './GraphicDesignerDialog.tsx';

export type TemplateEditorMode = 'source' | 'graphic';

type Props = {
  value: string;
  onChange: (template: string) => void;
  /** The workspace's Graphic Designer site; its button shows only when there is one. */
  designerUrl: string | null;
  /** The mode to open in (Main Source unless told). */
  initialMode?: TemplateEditorMode;
};

const MODES: readonly TemplateEditorMode[] = ['source', 'graphic'];

/**
 * The front desk form's template editor (part 2 §2): Main Source, a plain text area, and the graphic editor, the
 * template as blocks. Going to graphic parses the template; the blocks rebuild it on every change, so Main Source
 * (and the form that saves it) always holds what the blocks show.
 */
export function TemplateEditor({ value, onChange, designerUrl, initialMode = 'source' }: Props) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<TemplateEditorMode>(initialMode);
  const sourceId = useId();
  return (
    <div className="flex min-w-0 flex-col gap-2" data-testid="template-editor" data-mode={mode}>
      {designerUrl !== null && (
        <div className="flex justify-end">
          <GraphicDesignerButton designerUrl={designerUrl} template={value} onChange={onChange} />
        </div>
      )}
      <Tabs
        label={t('frontdeskEditor.modes.label')}
        selectedIndex={MODES.indexOf(mode)}
        onChange={(index) => setMode(MODES[index] ?? 'source')}
        panelTabStop={false}
        tabs={[
          {
            key: 'source',
            label: t('frontdeskEditor.modes.source'),
            content: (
              <div className="flex flex-col gap-1">
                <label htmlFor={sourceId} className="text-sm font-medium text-slate-700">
                  {t('frontdeskEditor.template')}
                </label>
                <textarea
                  id={sourceId}
                  value={value}
                  onChange={(event) => onChange(event.target.value)}
                  rows={14}
                  spellCheck={false}
                  className="w-full rounded-lg border border-slate-300 p-3 font-mono text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-focus"
                />
              </div>
            ),
          },
          {
            key: 'graphic',
            label: t('frontdeskEditor.modes.graphic'),
            content: (
              <GraphicBlocksEditor
                value={value}
                onChange={onChange}
                onConvert={(template) => {
                  onChange(template);
                  setMode('source');
                }}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
