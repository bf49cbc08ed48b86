/** The small corner that tells staff what waits to be sent, what failed for good, and whether the device is offline. */
import type { QueueCounts } from './queue.ts';
import type { KioskTexts } from './texts.ts';

export function statusText(counts: QueueCounts, online: boolean, texts: KioskTexts): string[] {
  const parts = [counts.waiting > 0 ? texts.waiting(counts.waiting) : texts.allSent];
  if (counts.failed > 0) parts.push(texts.failed(counts.failed));
  if (!online) parts.push(texts.offline);
  return parts;
}

export function renderStatus(corner: HTMLElement, counts: QueueCounts, online: boolean, texts: KioskTexts): void {
  const text = statusText(counts, online, texts).join(' · ');
  if (corner.textContent !== text) corner.textContent = text;
  corner.dataset.waiting = String(counts.waiting);
  corner.dataset.failed = String(counts.failed);
  corner.dataset.online = String(online);
}
