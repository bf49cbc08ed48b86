import { describe, expect, it } from 'vitest';
import { DESCRIBED_MUTATIONS, describeChange, refusalAdvice } from '../../../src/domain/mutations/describe.ts';
import { MUTATIONS } from '../../../src/domain/mutations/registry.ts';
import { en as enCore } from '../../../src/i18n/en.ts';
import { es as esCore } from '../../../src/i18n/es.ts';
import { featuresEn } from '../../../src/i18n/features.en.ts';
import { featuresEs } from '../../../src/i18n/features.es.ts';

// What a signed-in console holds: the first chunk's texts and the console's own (i18n.ts adds them).
const en = { ...enCore, ...featuresEn };
const es = { ...esCore, ...featuresEs };

const lookup = (catalogue: unknown, key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
const ref = (ticketId: string) => (ticketId === 'tkt-1' ? 'case-demo-0186' : ticketId);

describe('a queued change in the user’s words', () => {
  it('every mutation of the registry has words', () => {
    expect([...DESCRIBED_MUTATIONS].sort()).toEqual([...MUTATIONS.keys()].sort());
  });

  it.each([
    ['ticket.claim', { ticketId: 'tkt-1' }, 'Claim ticket case-demo-0186'],
    ['ticket.addNote', { ticketId: 'tkt-1', noteId: 'n', title: 'x' }, 'Note on case-demo-0186'],
    ['case.uploadFile', { caseId: 'case-demo-0186', name: 'photo-2026-11-23T10-00-00.png' }, 'Photo for case-demo-0186'],
    ['case.uploadFile', { caseId: 'case-demo-0186', name: 'signature-2026-11-23T10-00-00.png' }, 'Signature for case-demo-0186'],
    ['case.uploadFile', { caseId: 'case-demo-0186', name: 'scan.pdf' }, 'File scan.pdf for case-demo-0186'],
    ['app.setActive', { id: 'a', isActive: false }, 'Turn an app off'],
    ['ticket.reassign', { ticketId: 'tkt-unknown', teamId: 't' }, 'Move ticket tkt-unknown to another team'],
    ['something.else', null, 'A change'],
  ])('%s reads as the user would say it', (name, args, expected) => {
    const { key, values } = describeChange(name, args, ref);
    const template = String(lookup(en, key));
    expect(template.replace(/\{\{(\w+)\}\}/g, (_m, v: string) => values[v] ?? '')).toBe(expected);
  });

  it('every key the words and the advice use exists in English and in Spanish', () => {
    const keys = new Set<string>();
    for (const name of [...DESCRIBED_MUTATIONS, 'unknown.name']) {
      for (const args of [{}, { isActive: true }, { isActive: false }, { name: 'photo-1.png' }, { name: 'signature-1.png' }, { name: 'a.pdf' }]) keys.add(describeChange(name, args, ref).key);
    }
    for (const code of ['already-claimed', 'not-found', 'ticket-closed', 'forbidden', 'not-claimant', 'not-assigned', 'invalid-args', 'too-large', 'server-fault', 'whatever']) keys.add(refusalAdvice(code));
    for (const key of keys) {
      expect(typeof lookup(en, key), key).toBe('string');
      expect(typeof lookup(es, key), key).toBe('string');
    }
  });
});
