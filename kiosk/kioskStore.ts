/**
 * The kiosk's IndexedDB, shared by the page and the forwarder worker: the last definition of each form it showed
 * (so a reload with no network still shows the form), the submissions not yet accepted by the server, and the
 * device's kiosk id. Raw IndexedDB: three stores do not justify a library on a page that must stay small.
 */
import type { QueuedSubmission } from './queue.ts';
import type { PublicForm } from './publicApi.ts';

const DB_NAME = 'workflow-kiosk';
const DB_VERSION = 1;
const FORMS = 'forms';
const SUBMISSIONS = 'submissions';
const META = 'meta';
const KIOSK_ID_KEY = 'kioskId';

export type KioskDb = IDBDatabase;
export type StoredForm = { formId: string; form: PublicForm; savedAt: number };

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

export function openKioskDb(): Promise<KioskDb> {
  const request = indexedDB.open(DB_NAME, DB_VERSION);
  request.onupgradeneeded = () => {
    const db = request.result;
    if (!db.objectStoreNames.contains(FORMS)) db.createObjectStore(FORMS, { keyPath: 'formId' });
    if (!db.objectStoreNames.contains(SUBMISSIONS)) db.createObjectStore(SUBMISSIONS, { keyPath: 'submissionId' });
    if (!db.objectStoreNames.contains(META)) db.createObjectStore(META);
  };
  return done(request);
}

export async function saveFormCopy(db: KioskDb, form: PublicForm, now: number): Promise<void> {
  const transaction = db.transaction(FORMS, 'readwrite');
  transaction.objectStore(FORMS).put({ formId: form.formId, form, savedAt: now } satisfies StoredForm);
  await committed(transaction);
}

export async function readFormCopy(db: KioskDb, formId: string): Promise<StoredForm | undefined> {
  return (await done(db.transaction(FORMS).objectStore(FORMS).get(formId))) as StoredForm | undefined;
}

/** Keeps (or replaces) a queued submission; resolves once it is on disk. */
export async function putSubmission(db: KioskDb, entry: QueuedSubmission): Promise<void> {
  const transaction = db.transaction(SUBMISSIONS, 'readwrite');
  transaction.objectStore(SUBMISSIONS).put(entry);
  await committed(transaction);
}

export async function deleteSubmission(db: KioskDb, submissionId: string): Promise<void> {
  const transaction = db.transaction(SUBMISSIONS, 'readwrite');
  transaction.objectStore(SUBMISSIONS).delete(submissionId);
  await committed(transaction);
}

export async function allSubmissions(db: KioskDb): Promise<QueuedSubmission[]> {
  return (await done(db.transaction(SUBMISSIONS).objectStore(SUBMISSIONS).getAll())) as QueuedSubmission[];
}

/** This device's kiosk id, made once ('kiosk-' + a UUID) and kept; the server rate-limits per kiosk id. */
export async function kioskId(db: KioskDb, makeId: () => string): Promise<string> {
  const transaction = db.transaction(META, 'readwrite');
  const store = transaction.objectStore(META);
  const existing = (await done(store.get(KIOSK_ID_KEY))) as string | undefined;
  const id = existing ?? `kiosk-${makeId()}`;
  if (existing === undefined) store.put(id, KIOSK_ID_KEY);
  await committed(transaction);
  return id;
}
