import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { readBridgeRequest, type BridgeReply, type BridgeRequest } from '../../domain/tickets/bridgeMessages.ts';

export type BridgeHandler = (request: BridgeRequest) => Promise<BridgeReply>;

/**
 * Listens for the template frame's messages and answers each to its sender. Only messages whose source is this
 * frame's own window are taken (ARCHITECTURE.md, security): another frame or window cannot write through it.
 */
export function useFrameBridge(frame: RefObject<HTMLIFrameElement | null>, handle: BridgeHandler): void {
  const handler = useRef(handle);
  useEffect(() => {
    handler.current = handle;
  }, [handle]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const source = frame.current?.contentWindow;
      if (!source || event.source !== source) return;
      const request = readBridgeRequest(event.data);
      if (request === null) return;
      void handler.current(request).then((reply) => source.postMessage(reply, '*'));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame]);
}
