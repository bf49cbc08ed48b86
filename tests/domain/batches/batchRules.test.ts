import { describe, expect, it } from 'vitest';
import {
  BATCH_FILE_CONCURRENCY,
  BATCH_MESSAGES,
  BATCH_PAGE_SIZE,
  BATCH_PREVIEW_PAGE_SIZE,
  isCsvFileName,
  missingForContinue,
  previewIsPaginated,
} from '../../../src/domain/batches/batchRules.ts';
import { batchFieldsSchema } from '../../../src/domain/batches/batchFields.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : result.error!.issues[0]!.message);
const start = { name: 'March claims', description: 'Claims imported from the March export', caseType: 'CLAIM', fileName: 'march.csv' };

describe('batch rules (part 2 §5, §8, §9)', () => {
  it('the spec\'s constants: preview pages of 5, batch and line pages of 10, files loaded 3 at a time', () => {
    expect([BATCH_PREVIEW_PAGE_SIZE, BATCH_PAGE_SIZE, BATCH_FILE_CONCURRENCY]).toEqual([5, 10, 3]);
    expect([5, 6].map(previewIsPaginated)).toEqual([false, true]);
  });

  it('the spec\'s messages, word for word', () => {
    expect(BATCH_MESSAGES.created('B-12', 98, 100)).toBe('Batch B-12 created. Inserted (98/100) lines!');
    expect(BATCH_MESSAGES.onlyCsv).toBe('Only files in CSV format are allowed!');
    expect(BATCH_MESSAGES.cannotStop).toBe("You're not able to stop the batch.");
    expect(BATCH_MESSAGES.noCases).toBe('This batch does not contain any case!');
    expect([BATCH_MESSAGES.notExecuted, BATCH_MESSAGES.inProgress, BATCH_MESSAGES.createFailed]).toEqual(['Batch not executed.', 'Batch in progress.', 'Batch could not be created!']);
  });

  it.each([
    ['march.csv', true],
    ['MARCH.CSV', true],
    [' lines.csv ', true],
    ['.csv', false],
    ['march.xlsx', false],
    ['march.csv.zip', false],
    ['march.tsv', false],
  ])('%j is a .csv file: %s', (name, ok) => {
    expect(isCsvFileName(name)).toBe(ok);
  });

  it.each([
    [{ name: ' ' }, BATCH_MESSAGES.nameRequired],
    [{ description: '' }, BATCH_MESSAGES.descriptionRequired],
    [{ caseType: '' }, BATCH_MESSAGES.caseTypeRequired],
    [{ fileName: null }, BATCH_MESSAGES.fileRequired],
    [{ fileName: 'march.xlsx' }, 'Only files in CSV format are allowed!'],
    [{}, null],
    // The description schema is not a gate (part 2 §5): a short description still continues.
    [{ description: 'short' }, null],
  ])('continuing with %j: %s', (change, message) => {
    expect(missingForContinue({ ...start, ...change })).toBe(message);
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ description: '' }, 'Description is required'],
    [{ description: 'a'.repeat(9) }, 'Description must be at least 10 characters'],
    [{ description: 'a'.repeat(121) }, 'The description must have a maximum of 120 characters'],
    [{ description: '  ' + 'a'.repeat(10) + '  ' }, null],
    [{ description: 'a'.repeat(120) }, null],
  ])('the batch schema on %j: %s', (change, message) => {
    expect(firstMessage(batchFieldsSchema.safeParse({ ...start, ...change }))).toBe(message);
  });
});
