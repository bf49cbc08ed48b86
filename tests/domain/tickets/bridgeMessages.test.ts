import { describe, expect, it } from 'vitest';
import {
  BRIDGE_TEXTS,
  NIL_CASE_ID,
  checkDirectNote,
  checkIsNotes,
  errorReply,
  readBridgeRequest,
  readTemplateData,
  successReply,
} from '../../../src/domain/tickets/bridgeMessages.ts';

describe('which window messages the bridge takes', () => {
  it.each([
    [{ type: 'isNotes' }, 'isNotes'],
    [{ type: 'notes-create-direct', requestId: 7 }, 'notes-create-direct'],
    [{ type: 'get-single-file' }, 'get-single-file'],
    [{ type: 'submit', data: {} }, 'submit'],
    [{ type: 'unknown' }, null],
    ['isNotes', null],
    [null, null],
    [[{ type: 'isNotes' }], null],
    [{ type: 42 }, null],
  ])('%j → %s', (data, type) => {
    expect(readBridgeRequest(data)?.type ?? null).toBe(type);
  });

  it('keeps the request id so the template can match the reply', () => {
    const request = readBridgeRequest({ type: 'isNotes', requestId: 7 });
    expect(request?.requestId).toBe('7');
    expect(successReply(request!, BRIDGE_TEXTS.noteSaved)).toEqual({ type: 'isNotes-response', requestId: '7', success: true, message: 'Note saved successfully' });
    expect(errorReply(request!, BRIDGE_TEXTS.invalidNote)).toEqual({ type: 'isNotes-response', requestId: '7', success: false, error: 'Invalid note format' });
  });
});

describe('isNotes checks (part 2 §5)', () => {
  it.each([
    [{ case_note: 'T///D///Desc///NA', caseId: 'case-1' }, true],
    [{ case_note: 'T///D///Desc', caseId: 'case-1' }, true],
    [{ case_note: 'T///D', caseId: 'case-1' }, false],
    [{ case_note: '', caseId: 'case-1' }, false],
    [{ case_note: '   ', caseId: 'case-1' }, false],
    [{ case_note: 'T///D///Desc', caseId: NIL_CASE_ID }, false],
    [{ case_note: 'T///D///Desc', caseId: '' }, false],
    [{ case_note: 'T///D///Desc' }, false],
    [{ case_note: 42, caseId: 'case-1' }, false],
  ])('%j valid: %s', (payload, ok) => {
    const check = checkIsNotes(payload);
    expect(check.ok).toBe(ok);
    if (!check.ok) expect(check.error).toBe('Invalid note format');
  });

  it('reads the note parts', () => {
    expect(checkIsNotes({ case_note: 'Title///Details///Body///NA', caseId: 'c' })).toEqual({
      ok: true,
      caseId: 'c',
      parts: { title: 'Title', details: 'Details', description: 'Body', agentPrefix: 'NA' },
    });
  });
});

describe('notes-create-direct checks', () => {
  it.each([
    [{ note: 'Called the customer', caseId: 'c' }, true],
    [{ note: 'A///B///C', caseId: 'c' }, true],
    [{ note: '', caseId: 'c' }, false],
    [{ note: 'x', caseId: NIL_CASE_ID }, false],
    [{ note: 'x' }, false],
    [{ caseId: 'c' }, false],
  ])('%j valid: %s', (payload, ok) => {
    const check = checkDirectNote(payload);
    expect(check.ok).toBe(ok);
    if (!check.ok) expect(check.error).toBe('Missing required note data or invalid caseId');
  });

  it('a plain text becomes the description, titled by its first line', () => {
    const check = checkDirectNote({ note: 'Called\nNo answer', caseId: 'c' });
    expect(check).toMatchObject({ ok: true, parts: { title: 'Called', description: 'Called\nNo answer' } });
  });
});

describe('template data of submit and save', () => {
  it.each([
    [{ data: { a: 1 } }, { a: 1 }],
    [{}, {}],
    [{ data: [1] }, null],
    [{ data: 'x' }, null],
  ])('%j → %j', (payload, data) => {
    expect(readTemplateData(payload)).toEqual(data);
  });
});
