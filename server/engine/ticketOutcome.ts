import type { WriteContext } from '../services/context.ts';

export type ResolvedTicket = {
  id: string;
  instance_id: string | null;
  stage_key: string | null;
  exit: 'approved' | 'canceled';
  /** The exported values of the ticket's form (the data saved with the resolution). */
  data: unknown;
};

/**
 * Called by the ticket service, inside the resolving transaction, when a ticket is resolved or canceled: the
 * engine records the human-interface stage's outcome and schedules the instance to continue.
 * (The workflow engine fills this in; until then a resolved ticket simply ends there.)
 */
export async function resumeAfterTicket(_ctx: WriteContext, _ticket: ResolvedTicket): Promise<void> {}
