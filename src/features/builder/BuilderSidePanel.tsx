import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TemplatePage } from '../../domain/templates/templatePages.ts';
import { isConfigObject } from '../../domain/templates/templateRules.ts';
import { Button } from '../../ui/Button.tsx';
import { Tabs } from '../../ui/Tabs.tsx';

type Props = { text: string; onText: (text: string) => void; config: unknown; page: TemplatePage | null };

/**
 * The builder's collapsible right panel (part 2 §2: tabs Content and Constraints, placeholders in the spec).
 * Content edits the template's HTML (the preview follows it); Constraints shows, read only, the active page's
 * place in the flow of pages and the configuration's conditions.
 */
export function BuilderSidePanel({ text, onText, config, page }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const conditions = isConfigObject(config) && Array.isArray(config.conditions) ? config.conditions : [];
  if (!open) {
    return (
      <div className="flex shrink-0 items-start">
        <Button size="sm" variant="secondary" onClick={() => setOpen(true)} aria-expanded={false} aria-controls="builder-side-panel">
          {t('hiBuilder.side.show')}
        </Button>
      </div>
    );
  }
  return (
    <aside id="builder-side-panel" aria-label={t('hiBuilder.side.label')} className="flex w-80 shrink-0 flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3">
      <div className="flex justify-end">
        <Button size="sm" variant="secondary" onClick={() => setOpen(false)} aria-expanded aria-controls="builder-side-panel">
          {t('hiBuilder.side.hide')}
        </Button>
      </div>
      <Tabs
        label={t('hiBuilder.side.label')}
        tabs={[
          {
            key: 'content',
            label: t('hiBuilder.side.content'),
            content: (
              <label className="flex flex-col gap-1 text-sm font-semibold text-slate-800">
                {t('hiBuilder.side.template')}
                <textarea
                  value={text}
                  onChange={(event) => onText(event.target.value)}
                  spellCheck={false}
                  rows={18}
                  className="rounded-lg border border-slate-300 p-2 font-mono text-xs font-normal text-slate-900 focus-visible:outline-2 focus-visible:outline-focus"
                />
                <span className="font-normal text-slate-600">{t('hiBuilder.side.templateHint')}</span>
              </label>
            ),
          },
          {
            key: 'constraints',
            label: t('hiBuilder.side.constraints'),
            content: (
              <div className="flex flex-col gap-2 text-sm text-slate-800">
                <p>
                  {page === null
                    ? t('hiBuilder.side.noPage')
                    : page.isStart && page.isEnd
                      ? t('hiBuilder.side.onlyPage', { name: page.name })
                      : page.isStart
                        ? t('hiBuilder.side.startPage', { name: page.name })
                        : page.isEnd
                          ? t('hiBuilder.side.endPage', { name: page.name })
                          : t('hiBuilder.side.middlePage', { name: page.name, id: page.id })}
                </p>
                <p>{conditions.length === 0 ? t('hiBuilder.side.noConditions') : t('hiBuilder.side.conditions', { count: conditions.length })}</p>
              </div>
            ),
          },
        ]}
      />
    </aside>
  );
}
