import { describe, expect, it } from 'vitest';
import { BATCH_MESSAGES } from '../../../src/domain/batches/batchRules.ts';
import { batchProgress, fileOrder, lineStatusGroups, validateBatchDetailSearch, validateBatchesSearch, visibleBatches, visibleLines } from '../../../src/domain/batches/batchViews.ts';
import { batchesEn } from '../../../src/i18n/batches.en.ts';

const batches = [
  { id: 'bat-aaa-111', userId: 'u-agent' },
  { id: 'bat-bbb-222', userId: 'u-admin' },
  { id: 'bat-ccc-333', userId: 'u-agent' },
];

describe('the batches list', () => {
  it('Personal shows only the user\'s own batches; History every batch, for ADMIN only', () => {
    expect(visibleBatches(batches, { tab: 'personal', userId: 'u-agent', isAdmin: false }).map((b) => b.id)).toEqual(['bat-aaa-111', 'bat-ccc-333']);
    expect(visibleBatches(batches, { tab: 'history', userId: 'u-admin', isAdmin: true })).toHaveLength(3);
    // Anyone else asking for History gets Personal.
    expect(visibleBatches(batches, { tab: 'history', userId: 'u-agent', isAdmin: false })).toHaveLength(2);
  });

  it('searches the batch id as a substring, case-insensitive', () => {
    expect(visibleBatches(batches, { tab: 'history', q: 'BBB', userId: 'u-admin', isAdmin: true }).map((b) => b.id)).toEqual(['bat-bbb-222']);
    expect(visibleBatches(batches, { tab: 'history', q: '33', userId: 'u-admin', isAdmin: true }).map((b) => b.id)).toEqual(['bat-ccc-333']);
    expect(visibleBatches(batches, { tab: 'history', q: 'zzz', userId: 'u-admin', isAdmin: true })).toEqual([]);
  });

  it('keeps only the URL state it knows', () => {
    expect(validateBatchesSearch({ tab: 'history', q: '  bat ', page: '2', junk: 1 })).toEqual({ tab: 'history', q: 'bat', page: 2 });
    expect(validateBatchesSearch({ tab: 'other', page: -1, q: '' })).toEqual({});
    expect(validateBatchesSearch({ q: 12 })).toEqual({ q: '12' });
    expect(validateBatchDetailSearch({ status: 'DONE', line: '7', page: 'x' })).toEqual({ status: 'DONE', line: '7' });
    expect(validateBatchDetailSearch({ status: 'NOT-A-STATUS' })).toEqual({});
  });
});

describe('the batch detail\'s lines', () => {
  const lines = [
    { lineId: '10', lineNo: 10, status: 'ERROR' },
    { lineId: '2', lineNo: 2, status: 'DONE' },
    { lineId: '3', lineNo: null, status: 'UNPROCESSED' },
    { lineId: '21', lineNo: 21, status: 'DONE' },
    { lineId: '5', lineNo: 5, status: 'ODD' },
  ];

  it('come in file order and grouped by status in part 2 §4\'s order, unknown statuses last', () => {
    expect(fileOrder(lines).map((l) => l.lineId)).toEqual(['2', '3', '5', '10', '21']);
    expect(lineStatusGroups(lines)).toEqual([
      { status: 'UNPROCESSED', count: 1 },
      { status: 'DONE', count: 2 },
      { status: 'ERROR', count: 1 },
      { status: 'ODD', count: 1 },
    ]);
  });

  it('are searched by line id substring within a status', () => {
    expect(visibleLines(lines, { q: '1' }).map((l) => l.lineId)).toEqual(['10', '21']);
    expect(visibleLines(lines, { status: 'DONE', q: '2' }).map((l) => l.lineId)).toEqual(['2', '21']);
  });

  it('count a batch\'s progress over the lines it holds', () => {
    expect(batchProgress({ insertedCount: 8, lineCount: 9, doneCount: 5, errorCount: 1 })).toEqual({ finished: 6, total: 8, percent: 75 });
    expect(batchProgress({ insertedCount: 0, lineCount: 0, doneCount: 0, errorCount: 0 })).toEqual({ finished: 0, total: 0, percent: 0 });
  });
});

describe('the wizard\'s words', () => {
  it('are part 2 §5 and §8\'s, as the shared rules word them', () => {
    const { wizard } = batchesEn;
    expect([batchesEn.csv['not-csv'], wizard.nameRequired, wizard.descriptionRequired, wizard.descriptionTooShort, wizard.descriptionTooLong, wizard.createFailed]).toEqual([
      BATCH_MESSAGES.onlyCsv,
      BATCH_MESSAGES.nameRequired,
      BATCH_MESSAGES.descriptionRequired,
      BATCH_MESSAGES.descriptionTooShort,
      BATCH_MESSAGES.descriptionTooLong,
      BATCH_MESSAGES.createFailed,
    ]);
    expect(batchesEn.none).toBe(BATCH_MESSAGES.noBatches);
    // The CSV reader's words, as the catalogue has them for the wizard (i18next's {{…}} filled in).
    const fill = (text: string, params: Record<string, string | number>) => text.replace(/{{(\w+)}}/g, (_, key: string) => String(params[key]));
    const { csv } = batchesEn;
    expect([csv['empty-file'], csv['no-header'], csv['utf-16'], csv['read-failed']]).toEqual([BATCH_MESSAGES.emptyFile, BATCH_MESSAGES.noHeader, BATCH_MESSAGES.utf16, BATCH_MESSAGES.readFailed]);
    expect(fill(csv['header-name-missing'], { column: 2 })).toBe(BATCH_MESSAGES.headerNameMissing(2));
    expect(fill(csv['header-name-repeated'], { name: 'id' })).toBe(BATCH_MESSAGES.headerNameRepeated('id'));
    expect(fill(csv['not-utf8'], { line: 9 })).toBe(BATCH_MESSAGES.notUtf8(9));
    expect(fill(csv.ragged, { line: 3, values: 4, columns: 3 })).toBe(BATCH_MESSAGES.raggedLine(3, 4, 3));
    expect(fill(csv['unclosed-quote'], { line: 5 })).toBe(BATCH_MESSAGES.unclosedQuote(5));
    expect(fill(csv['malformed-quote'], { line: 5 })).toBe(BATCH_MESSAGES.malformedQuote(5));
    expect(batchesEn.nonePersonal).toBe(BATCH_MESSAGES.noPersonalBatches);
    expect(wizard.created.replace('{{id}}', 'b1').replace('{{inserted}}', '6').replace('{{total}}', '7')).toBe(BATCH_MESSAGES.created('b1', 6, 7));
  });
});
