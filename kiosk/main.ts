/**
 * The public kiosk page at a form's link, /forms/:formId: no sign-in, no way into the console. It shows the
 * form (from the server, or the copy kept in IndexedDB when offline), keeps each submission on the device first,
 * thanks the visitor at once and clears the form for the next one; the forwarder worker sends what is kept.
 */
import './kiosk.css';
import { fieldMessages } from './fieldCheck.ts';
import { clearMessages, readValues, renderForm, showMessages } from './formView.ts';
import { allSubmissions, openKioskDb, putSubmission, readFormCopy, saveFormCopy, type KioskDb } from './kioskStore.ts';
import { fetchPublicForm, type FormAnswer, type PublicForm } from './publicApi.ts';
import { newQueuedSubmission, queueCounts } from './queue.ts';
import { idleResetMs, RESET_AFTER_THANKS_MS } from './resetTimers.ts';
import { renderStatus } from './statusCorner.ts';
import { kioskTexts } from './texts.ts';
import { FLUSH_MESSAGE, QUEUE_CHANGED_MESSAGE } from './workerMessages.ts';

const { lang, texts } = kioskTexts(navigator.language);
document.documentElement.lang = lang;
const main = document.getElementById('kiosk') as HTMLElement;
const corner = document.getElementById('kiosk-status') as HTMLElement;
corner.setAttribute('aria-label', texts.statusLabel);
const formId = decodeURIComponent(location.pathname.split('/')[2] ?? '');

function showMessage(text: string): void {
  const paragraph = document.createElement('p');
  paragraph.className = 'kiosk-message';
  paragraph.textContent = text;
  main.replaceChildren(paragraph);
}

function linkManifest(): void {
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = `/forms/${encodeURIComponent(formId)}/manifest.webmanifest`;
  document.head.append(link);
}

/** Installs the kiosk's service worker; `data-kiosk-offline="ready"` on <html> once it controls this page. */
function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const markReady = () => {
    if (navigator.serviceWorker.controller?.scriptURL.endsWith('/forms/kiosk-sw.js')) document.documentElement.dataset.kioskOffline = 'ready';
  };
  navigator.serviceWorker.addEventListener('controllerchange', markReady);
  markReady();
  navigator.serviceWorker.register('/forms/kiosk-sw.js', { scope: '/forms/' }).catch(() => undefined);
}

async function refreshCorner(db: KioskDb): Promise<void> {
  renderStatus(corner, queueCounts(await allSubmissions(db)), navigator.onLine, texts);
}

/** How long a kiosk that has a copy of its form waits for the server before showing the copy (a weak network). */
const COPY_AFTER_MS = 3_000;

/**
 * The form to show: the server's current one (kept for next time), else the kept copy when the server is
 * unreachable or slower than COPY_AFTER_MS; a form the server no longer offers is not shown from the copy.
 */
async function loadForm(db: KioskDb, asked: Promise<FormAnswer>): Promise<PublicForm | 'not-found' | 'no-copy'> {
  const copy = await readFormCopy(db, formId);
  const slow = new Promise<FormAnswer>((resolve) => setTimeout(() => resolve({ kind: 'unreachable' }), COPY_AFTER_MS));
  const answer = copy ? await Promise.race([asked, slow]) : await asked;
  if (answer.kind === 'form') {
    await saveFormCopy(db, answer.form, Date.now());
    return answer.form;
  }
  if (answer.kind === 'not-found') return 'not-found';
  // The server's answer may still come: keep it for the next visit.
  if (copy) void asked.then((late) => (late.kind === 'form' ? saveFormCopy(db, late.form, Date.now()) : undefined)).catch(() => undefined);
  return copy?.form ?? 'no-copy';
}

function runForm(db: KioskDb, definition: PublicForm, notifyForwarder: () => void): void {
  document.title = definition.name;
  const thanks = document.createElement('section');
  thanks.className = 'kiosk-thanks';
  thanks.tabIndex = -1;
  thanks.hidden = true;
  const heading = document.createElement('h1');
  heading.textContent = texts.thankYou;
  const detail = document.createElement('p');
  detail.textContent = texts.thankYouDetail;
  thanks.append(heading, detail);

  const form = renderForm(main, definition.template, texts);
  // The page's name for assistive technology; what the visitor sees is the administrator's template.
  const title = document.createElement('h1');
  title.className = 'kiosk-visually-hidden';
  title.textContent = definition.name;
  main.prepend(title);
  main.append(thanks);
  let saving = false;
  let resetTimer: ReturnType<typeof setTimeout> | undefined;

  const resetForNextVisitor = () => {
    clearTimeout(resetTimer);
    form.reset();
    clearMessages(form);
    thanks.hidden = true;
    form.hidden = false;
    main.focus();
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (saving) return;
    const values = readValues(form, definition.fields);
    const messages = fieldMessages(definition.fields, values, texts);
    if (messages.length > 0) {
      showMessages(form, messages);
      return;
    }
    saving = true;
    const entry = newQueuedSubmission({ submissionId: crypto.randomUUID(), formId: definition.formId, formVersion: definition.version, values, filledAt: Date.now() });
    void putSubmission(db, entry)
      .then(() => {
        notifyForwarder();
        clearMessages(form);
        form.hidden = true;
        thanks.hidden = false;
        thanks.focus();
        clearTimeout(resetTimer);
        resetTimer = setTimeout(resetForNextVisitor, RESET_AFTER_THANKS_MS);
        return refreshCorner(db);
      })
      .finally(() => {
        saving = false;
      });
  });

  // Optional `?reset=<seconds>`: a form left half-filled is cleared after that long without a touch or a key.
  const idleMs = idleResetMs(location.search);
  if (idleMs !== null) {
    const restartIdle = () => {
      clearTimeout(resetTimer);
      resetTimer = setTimeout(resetForNextVisitor, idleMs);
    };
    for (const type of ['input', 'pointerdown', 'keydown']) form.addEventListener(type, restartIdle);
  }
}

async function start(): Promise<void> {
  linkManifest();
  // Kiosk mode: whatever a template links to opens nothing.
  document.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('a')) event.preventDefault();
  });
  if (formId === '') {
    showMessage(texts.unavailable);
    return;
  }
  showMessage(texts.loading);
  // The form is asked for at once, beside opening the store.
  const answer = fetchPublicForm(formId);
  const db = await openKioskDb();
  let worker: Worker | null = null;
  const forwarder = (): Worker => {
    if (worker) return worker;
    worker = new Worker(new URL('./forwarder.worker.ts', import.meta.url), { type: 'module', name: 'kiosk-forwarder' });
    worker.addEventListener('message', (event: MessageEvent<{ type?: unknown }>) => {
      if (event.data?.type === QUEUE_CHANGED_MESSAGE) void refreshCorner(db);
    });
    return worker;
  };
  const onNetworkChange = () => {
    if (navigator.onLine) forwarder().postMessage({ type: FLUSH_MESSAGE });
    void refreshCorner(db);
  };
  window.addEventListener('online', onNetworkChange);
  window.addEventListener('offline', onNetworkChange);
  void refreshCorner(db);

  const definition = await loadForm(db, answer);
  if (definition === 'not-found') showMessage(texts.unavailable);
  else if (definition === 'no-copy') showMessage(texts.offlineNoCopy);
  else runForm(db, definition, () => forwarder().postMessage({ type: FLUSH_MESSAGE }));
  // Once the form is on screen: the forwarder (it sends whatever an earlier visit left queued) and the service worker.
  whenIdle(() => {
    forwarder();
    registerServiceWorker();
  });
}

/** After the first paint, when the page has a moment (at most 2 s later). */
function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(task, { timeout: 2_000 });
  else setTimeout(task, 200);
}

void start();
