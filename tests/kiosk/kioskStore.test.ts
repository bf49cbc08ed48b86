import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { allSubmissions, deleteSubmission, kioskId, openKioskDb, putSubmission, readFormCopy, saveFormCopy } from '../../kiosk/kioskStore.ts';
import { afterAttempt, newQueuedSubmission } from '../../kiosk/queue.ts';

const FORM = { formId: 'claims-intake', name: 'Claims intake', description: 'Register a claim', template: '<form><input name="a"></form>', version: 3, fields: [{ name: 'a', type: 'text' as const, required: true, label: 'A' }] };

describe('the kiosk store in IndexedDB', () => {
  it('keeps the last form definition for an offline reload', async () => {
    const db = await openKioskDb();
    expect(await readFormCopy(db, 'claims-intake')).toBeUndefined();
    await saveFormCopy(db, FORM, 1000);
    await saveFormCopy(db, { ...FORM, version: 4 }, 2000);
    expect(await readFormCopy(db, 'claims-intake')).toEqual({ formId: 'claims-intake', form: { ...FORM, version: 4 }, savedAt: 2000 });
  });

  it('a submission goes through waiting, retried and sent under the same id, once in the store', async () => {
    const db = await openKioskDb();
    const entry = newQueuedSubmission({ submissionId: 'sub-1', formId: 'claims-intake', formVersion: 3, values: { a: 'x' }, filledAt: 5 });
    await putSubmission(db, entry);
    await putSubmission(db, afterAttempt(entry, null)!);
    expect(await allSubmissions(db)).toEqual([{ ...entry, attempts: 1, lastStatus: 0 }]);
    await deleteSubmission(db, 'sub-1');
    expect(await allSubmissions(db)).toEqual([]);
  });

  it('makes the device kiosk id once and answers the same one after', async () => {
    const db = await openKioskDb();
    let made = 0;
    const first = await kioskId(db, () => `id-${++made}`);
    const again = await kioskId(await openKioskDb(), () => `id-${++made}`);
    expect(first).toBe('kiosk-id-1');
    expect(again).toBe(first);
    expect(first).toMatch(/^[A-Za-z0-9-]{1,64}$/);
  });
});
