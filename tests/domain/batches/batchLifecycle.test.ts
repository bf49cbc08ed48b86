import { describe, expect, it } from 'vitest';
import { exportLine, exportRecord } from '../../../src/domain/batches/batchExport.ts';
import { BATCH_LIMITS, BATCH_REFUSALS, chunkBatchLines, jsonBytes, lineCaseData, playRefusal, runLineRefusal, statusChangeRefusal } from '../../../src/domain/batches/batchLifecycle.ts';
import { addBatchLinesArgs } from '../../../src/domain/mutations/batchMutations.ts';

describe('a batch’s life', () => {
  it.each([
    [{ status: 'UNPROCESSED', insertedCount: 3 }, null],
    [{ status: 'UNPROCESSED', insertedCount: 0 }, BATCH_REFUSALS.empty],
    [{ status: 'ONGOING', insertedCount: 3 }, BATCH_REFUSALS.notExecuted],
    [{ status: 'DONE', insertedCount: 3 }, BATCH_REFUSALS.notExecuted],
  ])('Play of %o: %s', (batch, message) => {
    expect(playRefusal(batch)?.message ?? null).toBe(message);
  });

  it.each([
    ['UNPROCESSED', 'UNPROCESSED', null],
    ['UNPROCESSED', 'DONE', 'line-not-runnable'],
    ['ONGOING', 'ERROR', null],
    ['WARNING', 'ERROR', null],
    ['ONGOING', 'UNPROCESSED', 'line-not-runnable'],
    ['DONE', 'DONE', 'line-not-runnable'],
    ['UNPROCESSED', 'RUNNING', 'line-busy'],
  ])('running one line: batch %s, line %s → %s', (batchStatus, lineStatus, code) => {
    expect(runLineRefusal({ status: batchStatus, insertedCount: 2 }, { status: lineStatus })?.code ?? null).toBe(code);
  });

  it('an ongoing batch cannot be stopped; asking ONGOING of a batch not started is Play', () => {
    expect(statusChangeRefusal({ status: 'ONGOING', insertedCount: 1 }, 'UNPROCESSED')?.message).toBe("You're not able to stop the batch.");
    expect(statusChangeRefusal({ status: 'UNPROCESSED', insertedCount: 1 }, 'ONGOING')).toBeNull();
    expect(statusChangeRefusal({ status: 'UNPROCESSED', insertedCount: 0 }, 'ONGOING')?.message).toBe(BATCH_REFUSALS.empty);
  });

  it('chunks stay within the line and byte limits and keep every line in order, even multi-byte text', () => {
    const lines = Array.from({ length: 2500 }, (_, i) => ({ lineNo: i + 1, values: { name: `Línea ${i + 1}`, note: i % 7 === 0 ? 'ñ'.repeat(600) : 'x' } }));
    const chunks = chunkBatchLines(lines);
    expect(chunks.flat().map((l) => l.lineNo)).toEqual(lines.map((l) => l.lineNo));
    for (const [chunkIndex, chunk] of chunks.entries()) {
      expect(chunk.length).toBeLessThanOrEqual(BATCH_LIMITS.chunkLinesMax);
      expect(jsonBytes(chunk)).toBeLessThanOrEqual(BATCH_LIMITS.chunkBytesMax);
      expect(addBatchLinesArgs.safeParse({ batchId: 'bat-1', chunkIndex, lines: chunk }).success).toBe(true);
    }
  });

  it('a value longer than a case holds, or a column the engine writes, is a reason in words', () => {
    expect(lineCaseData({ name: 'Ana' })).toEqual({ ok: true, data: { name: 'Ana' } });
    expect(lineCaseData({ caseId: 'x' })).toMatchObject({ ok: false });
    expect(lineCaseData({ note: 'a'.repeat(BATCH_LIMITS.caseValueMax + 1) })).toEqual({ ok: false, reason: 'Column "note" holds 4,001 characters; a case value holds at most 4,000' });
  });

  it('the download quotes what needs quoting and leaves omitted cells empty', () => {
    expect(exportRecord(['a', 'b,c', 'say "hi"', 'two\nlines', ' padded'])).toBe('a,"b,c","say ""hi""","two\nlines"," padded"\r\n');
    expect(exportLine(['name', 'amount', 'plan'], { plan: 'gold', name: 'Ana' })).toBe('Ana,,gold\r\n');
  });
});
