import { importWhenIdle } from '../../app/whenIdle.ts';
import type { planMutation } from './previewMutation.ts';

/** How long each step of the mutation definitions' import waits for an idle moment at most. */
const PLANNER_IDLE_WAIT_MS = 1000;

/**
 * The mutation definitions, with zod and the rules they share, in steps of a few areas each: run in one go they took
 * 56–60 ms of one task on a cold device (the cold-inbox bench), 90 ms in a trace.
 */
const STEPS: ReadonlyArray<() => Promise<unknown>> = [
  () => import('../../domain/mutations/ticketMutations.ts'),
  () => import('../../domain/mutations/memberMutations.ts'),
  () => Promise.all([import('../../domain/mutations/userMutations.ts'), import('../../domain/mutations/teamMutations.ts')]),
  () => Promise.all([import('../../domain/mutations/flowMutations.ts'), import('../../domain/mutations/engineMutations.ts')]),
  () => Promise.all([import('../../domain/mutations/caseMutations.ts'), import('../../domain/mutations/caseTypeMutations.ts')]),
  () => Promise.all([import('../../domain/mutations/formMutations.ts'), import('../../domain/mutations/templateMutations.ts')]),
  () => import('../../domain/mutations/batchMutations.ts'),
];

/**
 * Loads the page's preview of mutations (previewMutation.ts) once the replica is open, a step per idle moment: the
 * inbox's first render does not wait for it, and a change made before it arrives shows when the worker has written
 * it. Answers the cancel.
 */
export function loadPlannerWhenIdle(loaded: (planner: typeof planMutation) => void): () => void {
  return importWhenIdle(STEPS, () => import('./previewMutation.ts'), (module) => loaded(module.planMutation), {
    timeoutMs: PLANNER_IDLE_WAIT_MS,
    fallbackMs: 0,
  });
}
