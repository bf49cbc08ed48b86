import { describe, expect, it } from 'vitest';
import {
  BRIDGE_FILES_MAX,
  BRIDGE_TEXTS,
  NIL_CASE_ID,
  checkCreateCaseForFiles,
  checkFileRequest,
  checkUploadFiles,
  decodeBase64Content,
} from '../../../src/domain/tickets/bridgeMessages.ts';

const png = { name: 'a.png', type: 'image/png', data: `data:image/png;base64,${btoa('PNGDATA')}` };

describe('frame bridge file messages (part 2 §7)', () => {
  it('uploadFiles takes a non-empty array of files and a real case id, with the spec errors otherwise', () => {
    expect(checkUploadFiles({ files: [png], caseId: 'case-1' })).toMatchObject({ ok: true, caseId: 'case-1', makePublic: false, files: [{ name: 'a.png', type: 'image/png' }] });
    expect(checkUploadFiles({ files: [png], caseId: 'case-1', makePublic: true })).toMatchObject({ makePublic: true });
    for (const files of [undefined, [], 'a.png', [{}], [{ name: 'x' }], [{ name: 'x', data: 'not base64!' }], [{ name: '', data: btoa('x') }]]) {
      expect(checkUploadFiles({ files, caseId: 'case-1' })).toEqual({ ok: false, error: BRIDGE_TEXTS.invalidFiles });
    }
    expect(checkUploadFiles({ files: Array.from({ length: BRIDGE_FILES_MAX + 1 }, () => png), caseId: 'case-1' })).toEqual({ ok: false, error: 'Invalid files data' });
    for (const caseId of [undefined, '', '  ', NIL_CASE_ID, 7]) {
      expect(checkUploadFiles({ files: [png], caseId })).toEqual({ ok: false, error: 'Case ID must be provided for file upload...' });
    }
  });

  it('a File or Blob posted as is is taken with its own name and type', () => {
    const file = new File(['x'], 'scan.pdf', { type: 'application/pdf' });
    expect(checkUploadFiles({ files: [file], caseId: 'c' })).toMatchObject({ ok: true, files: [{ name: 'scan.pdf', type: 'application/pdf', content: file }] });
    expect(checkUploadFiles({ files: [new Blob(['x'])], caseId: 'c' })).toMatchObject({ ok: true, files: [{ name: 'file1', type: 'application/octet-stream' }] });
  });

  it('plain base64 without a type becomes application/octet-stream; the data URL type is used when none is given', () => {
    expect(checkUploadFiles({ files: [{ name: 'b.bin', data: btoa('abc') }], caseId: 'c' })).toMatchObject({ files: [{ type: 'application/octet-stream' }] });
    expect(checkUploadFiles({ files: [{ name: 'c.png', data: png.data }], caseId: 'c' })).toMatchObject({ files: [{ type: 'image/png' }] });
  });

  it('createCaseForFiles needs a description and files; any fault is one spec error', () => {
    expect(checkCreateCaseForFiles({ files: [png], description: ' Lost baggage ' })).toMatchObject({ ok: true, description: 'Lost baggage' });
    for (const payload of [{ files: [png] }, { files: [png], description: '   ' }, { files: [], description: 'x' }, { files: [png], description: 'x'.repeat(501) }]) {
      expect(checkCreateCaseForFiles(payload)).toEqual({ ok: false, error: 'Failed to create case or upload files' });
    }
  });

  it('get-single-file needs a case id and a file id', () => {
    expect(checkFileRequest({ caseId: 'case-1', fileId: 'fil-1' })).toEqual({ ok: true, caseId: 'case-1', fileId: 'fil-1' });
    for (const payload of [{ caseId: 'case-1' }, { fileId: 'fil-1' }, { caseId: NIL_CASE_ID, fileId: 'f' }, { caseId: 'c', fileId: ' ' }]) {
      expect(checkFileRequest(payload)).toEqual({ ok: false, error: 'File not found or access denied' });
    }
  });

  it('decodes data URLs and base64 to the exact bytes and refuses anything else', () => {
    const decoded = decodeBase64Content(png.data);
    expect(decoded?.type).toBe('image/png');
    expect(new TextDecoder().decode(decoded?.bytes)).toBe('PNGDATA');
    expect(new TextDecoder().decode(decodeBase64Content(btoa('hello'))?.bytes)).toBe('hello');
    expect(decodeBase64Content('data:text/plain;charset=utf-8;base64,aGk=')).toMatchObject({ type: 'text/plain' });
    for (const bad of ['', 'abc', 'ab$=', 'data:text/plain,hello']) expect(decodeBase64Content(bad)).toBeNull();
  });
});
