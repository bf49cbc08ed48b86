/** The messages between the kiosk page and its forwarder worker. */
/** Page → worker: a submission was queued or the network came back; send what waits now. */
export const FLUSH_MESSAGE = 'kiosk-flush';
/** Worker → page: the queue changed (sent, failed or retried); recount it. */
export const QUEUE_CHANGED_MESSAGE = 'kiosk-queue-changed';
