import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Content, JsonEditor, MenuItem } from 'vanilla-jsoneditor';
import { parseConfigText } from '../../domain/templates/templateRules.ts';

type Props = {
  value: string;
  onChange: (text: string) => void;
  /** The field's error (invalid JSON in the raw text), shown under it. */
  error?: string | undefined;
  labelId: string;
};

/** What the tree editor reports, as the text the dialog keeps. */
function contentText(content: Content): string {
  return 'json' in content ? JSON.stringify(content.json, null, 2) : content.text;
}

/**
 * Configuration (part 2 §2): a JSON tree editor (`vanilla-jsoneditor`, imported here only, so it is a chunk of its
 * own that no route loads up front), or the raw text behind the lock toggle. Text that is not a JSON object stays
 * in the raw text area, where the field says what is wrong.
 */
export function ConfigEditor({ value, onChange, error, labelId }: Props) {
  const { t } = useTranslation();
  const [raw, setRaw] = useState(false);
  const [ready, setReady] = useState(false);
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<JsonEditor | null>(null);
  const latest = useRef(onChange);
  latest.current = onChange;
  const errorId = useId();
  const label = t('builder.dialog.config');
  const parsed = parseConfigText(value);

  useEffect(() => {
    if (raw || host.current === null) return;
    let cancelled = false;
    const target = host.current;
    const initial = parseConfigText(value);
    void import('vanilla-jsoneditor').then(({ createJSONEditor, Mode }) => {
      if (cancelled) return;
      editor.current = createJSONEditor({
        target,
        props: {
          content: initial.ok ? { json: initial.value } : { text: value },
          mode: Mode.tree,
          ariaLabel: label,
          mainMenuBar: true,
          navigationBar: false,
          onChange: (content: Content) => latest.current(contentText(content)),
          // The editor's own text/tree/table switch is left out: raw text is the lock toggle's, and a table of a
          // configuration object says nothing a tree does not.
          onRenderMenu: (items: MenuItem[]) => items.filter((item) => !('className' in item && typeof item.className === 'string' && item.className.includes('jse-group-button'))),
        },
      });
      setReady(true);
    });
    return () => {
      cancelled = true;
      void editor.current?.destroy();
      editor.current = null;
      setReady(false);
    };
    // The editor is made once per tree mode (value is read then); later values come from its own edits.
  }, [raw]);

  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id={labelId} className="text-sm font-semibold text-slate-800">
          {t('builder.dialog.config')}
        </span>
        <button
          type="button"
          aria-pressed={raw}
          onClick={() => setRaw((r) => !r)}
          disabled={raw && !parsed.ok}
          data-testid="config-lock"
          className="inline-flex items-center gap-1 rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-focus disabled:cursor-not-allowed disabled:opacity-60"
        >
          {raw ? t('builder.dialog.configUnlocked') : t('builder.dialog.configLocked')}
        </button>
      </div>
      {raw ? (
        <>
          <textarea
            aria-labelledby={labelId}
            aria-invalid={error !== undefined}
            aria-describedby={errorId}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            spellCheck={false}
            rows={10}
            data-testid="config-raw"
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm focus-visible:outline-2 focus-visible:outline-focus"
          />
          <p id={errorId} className={error === undefined ? 'text-sm text-slate-600' : 'text-sm text-red-700'}>
            {error ?? t('builder.dialog.configRawHint')}
          </p>
        </>
      ) : (
        <>
          {!ready && <p className="text-sm text-slate-600">{t('builder.dialog.configLoading')}</p>}
          <div ref={host} aria-labelledby={labelId} role="group" data-testid="config-tree" className="h-72 min-w-0 overflow-hidden rounded-lg border border-slate-200" />
          {error !== undefined && (
            <p id={errorId} className="text-sm text-red-700">
              {error}
            </p>
          )}
        </>
      )}
    </div>
  );
}
