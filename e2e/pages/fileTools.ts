import { deflateSync } from 'node:zlib';
import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';

/** A small striped PNG, built here so the test needs no fixture file. */
export function pngFixture(width = 48, height = 32): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Array.from({ length: height }, (_, y) => Buffer.from([0, ...Array.from({ length: width }, (_, x) => ((x + y) % 8 < 4 ? [200, 40, 40] : [30, 60, 180])).flat()]));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

export type ServerFile = { id: string; name: string; size: number; type: string };

export async function serverFiles(request: APIRequestContext, token: string, caseId: string): Promise<ServerFile[]> {
  const reply = await request.get(`/cases/${caseId}/files`, { params: { pageSize: '100' }, headers: { authorization: `Bearer ${token}` } });
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as { files: ServerFile[] }).files;
}

/** Attaches a generated PNG with the Photo tool of the ticket screen. */
export async function attachPhoto(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Photo', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Attach a photo' });
  await dialog.getByTestId('photo-input').setInputFiles({ name: 'site.png', mimeType: 'image/png', buffer: pngFixture() });
  await expect(dialog.getByRole('img', { name: 'Photo preview' })).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Attach' }).click();
  await expect(dialog).toBeHidden();
}

/** Draws a zigzag on the signature pad and saves it. */
export async function signTicket(page: Page): Promise<void> {
    await page.getByRole('button', { name: 'Signature', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Signature' });
    const pad = dialog.getByTestId('signature-pad');
    // The pad's library is loaded when the dialog opens.
    await expect(pad).toHaveAttribute('data-ready', 'true');
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 12; i += 1) await page.mouse.move(box.x + 30 + i * 20, box.y + box.height / 2 + (i % 2 ? -30 : 30), { steps: 4 });
    await page.mouse.up();
    await dialog.getByRole('button', { name: 'Save signature' }).click();
    await expect(dialog).toBeHidden();
}

/** A one-page PDF (300 × 200 pt) saying `text`, built here so the test needs no fixture file. */
export function pdfFixture(text: string): Buffer {
  const content = `BT /F1 24 Tf 40 100 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
