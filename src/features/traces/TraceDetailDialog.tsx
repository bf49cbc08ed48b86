import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

export type TraceExchange = { headers: unknown; body: unknown };

type Props = {
  open: boolean;
  onClose: () => void;
  title: string;
  fields: ReadonlyArray<readonly [string, ReactNode]>;
  request: TraceExchange;
  response: TraceExchange;
};

const isEmpty = (value: unknown) => value === null || value === undefined || (typeof value === 'object' && Object.keys(value).length === 0);

/** JSON as stored (already masked on the server: secretMasking.ts), indented; text bodies as they are. */
function Json({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (isEmpty(value)) return <p className="text-sm text-slate-600">{t('traces.detail.empty')}</p>;
  return <pre className="max-h-60 overflow-auto whitespace-pre-wrap break-all rounded-lg bg-slate-50 p-3 text-xs text-slate-900">{typeof value === 'string' ? value : JSON.stringify(value, null, 2)}</pre>;
}

function Exchange({ heading, exchange, testId }: { heading: string; exchange: TraceExchange; testId: string }) {
  const { t } = useTranslation();
  return (
    <section className="flex min-w-0 flex-col gap-2" data-testid={testId}>
      <h3 className="font-semibold text-slate-900">{heading}</h3>
      <h4 className="text-sm font-semibold text-slate-700">{t('traces.detail.headers')}</h4>
      <Json value={exchange.headers} />
      <h4 className="text-sm font-semibold text-slate-700">{t('traces.detail.body')}</h4>
      <Json value={exchange.body} />
    </section>
  );
}

/** An execution's detail (part 2 §2 Trace Management): its facts, then the request and the response. */
export function TraceDetailDialog({ open, onClose, title, fields, request, response }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={title} wide actions={<Button onClick={onClose}>{t('traces.detail.close')}</Button>}>
      <div className="flex flex-col gap-4" data-testid="trace-detail">
        <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          {fields.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold text-slate-700">{label}</dt>
              <dd className="min-w-0 break-all text-slate-900">{value ?? '—'}</dd>
            </div>
          ))}
        </dl>
        <p className="text-xs text-slate-600">{t('traces.detail.masked')}</p>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <Exchange heading={t('traces.detail.request')} exchange={request} testId="trace-request" />
          <Exchange heading={t('traces.detail.response')} exchange={response} testId="trace-response" />
        </div>
      </div>
    </Dialog>
  );
}
