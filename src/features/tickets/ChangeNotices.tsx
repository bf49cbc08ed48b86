import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef } from 'react';
import { changeWatchesAtom, endWatch, QUEUED_NOTICE_AFTER_MS, type ChangeWatch } from '../../app/state/changeAtoms.ts';
import { showToast } from '../../app/state/toastAtoms.ts';
import { useDoc, usePendingMutations, useRejections } from '../../data/replica.ts';
import { useRejectionToasts } from './useTicketSync.ts';

/** Whether a queued mutation's arguments name the document (ticketId, noteId, …). */
const mentions = (args: unknown, docId: string): boolean =>
  typeof args === 'object' && args !== null && Object.values(args as Record<string, unknown>).includes(docId);

/**
 * The notices of the user's own changes, for the whole signed-in console: the server's refusals in the user's
 * words, "queued" for a change that waits for the network, and the confirmation once the server applied it.
 */
export function ChangeNotices() {
  const watches = useAtomValue(changeWatchesAtom);
  const pending = usePendingMutations();
  const rejections = useRejections();
  useRejectionToasts();
  return (
    <>
      {watches.map((watch) => (
        <WatchedChange
          key={watch.id}
          watch={watch}
          pending={pending.some((mutation) => mentions(mutation.args, watch.docId))}
          rejected={rejections.some((rejection) => rejection.at >= watch.startedAt - 1000 && mentions(rejection.args, watch.docId))}
        />
      ))}
    </>
  );
}

type Props = { watch: ChangeWatch; pending: boolean; rejected: boolean };

function WatchedChange({ watch, pending, rejected }: Props) {
  const doc = useDoc(watch.collection, watch.docId);
  const queuedShown = useRef(false);
  const landed = useMemo(() => doc !== undefined && !pending && watch.landed(doc as Record<string, unknown> | null), [doc, pending, watch]);

  useEffect(() => {
    const announceQueued = () => {
      if (queuedShown.current) return;
      queuedShown.current = true;
      showToast('info', watch.queuedTitle);
    };
    if (!navigator.onLine) {
      announceQueued();
      return;
    }
    // Online, a change normally lands within a moment: only one that waits says it is queued.
    const timer = window.setTimeout(announceQueued, QUEUED_NOTICE_AFTER_MS);
    window.addEventListener('offline', announceQueued);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('offline', announceQueued);
    };
  }, [watch.queuedTitle]);

  useEffect(() => {
    // A refusal is announced by useRejectionToasts; the confirmation then never comes.
    if (rejected) endWatch(watch.id);
    else if (landed) {
      endWatch(watch.id);
      showToast(watch.confirmation.kind, watch.confirmation.title);
    }
  }, [rejected, landed, watch]);

  return null;
}
