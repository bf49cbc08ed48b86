import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketDoc } from '../../domain/sync/documents.gen.ts';
import { templateDocument } from '../../domain/tickets/templateDocument.ts';
import { CONSOLE_BRIDGE_SOURCE } from './bridgeSource.ts';
import { useFrameBridge, type BridgeHandler } from './useFrameBridge.ts';

/** Part 2 §2 and §9: the ticket's values reach the template one second after it has loaded. */
export const TEMPLATE_DATA_DELAY_MS = 1000;

const asObject = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

type Props = { ticket: TicketDoc; onRequest: BridgeHandler };

/**
 * The ticket's HTML template in a sandboxed frame: scripts and forms run, but without same-origin the template
 * cannot read the console's storage or call its server; it talks only through the message bridge.
 */
export function TemplateFrame({ ticket, onRequest }: Props) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement | null>(null);
  const srcDoc = useMemo(() => templateDocument(ticket.template, CONSOLE_BRIDGE_SOURCE), [ticket.template]);
  const latest = useRef(ticket);
  latest.current = ticket;
  useFrameBridge(frame, onRequest);

  const sendData = () => {
    window.setTimeout(() => {
      const current = latest.current;
      frame.current?.contentWindow?.postMessage(
        {
          type: 'ticket-data',
          ticketId: current.id,
          caseId: current.caseId,
          data: { ...asObject(current.initialValues), ...asObject(current.data) },
        },
        '*',
      );
    }, TEMPLATE_DATA_DELAY_MS);
  };

  return (
    <iframe
      ref={frame}
      title={t('ticket.frameTitle', { caseId: ticket.operation })}
      sandbox="allow-scripts allow-forms"
      srcDoc={srcDoc}
      onLoad={sendData}
      data-testid="ticket-template"
      className="h-[560px] w-full rounded-xl border border-slate-200 bg-white"
    />
  );
}
