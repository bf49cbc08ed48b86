import { mutationDefinition } from '../../domain/mutations/registry.ts';
import type { DocRef, DocWrite, MutationActor } from '../../domain/mutations/types.ts';
import type { ReplicaDoc } from '../../domain/sync/protocol.ts';
import { withReplicaFields } from '../../domain/sync/replicaFields.ts';
import { inputProblem } from '../../domain/validation/inputBoundary.ts';

/** A mutation the page can preview: the documents it reads, and its effect on them. */
export type MutationPlan = {
  refs: DocRef[];
  /** The documents as the worker will write them (with the replica's own fields); null when the effect is refused. */
  apply(docs: ReadonlyMap<string, ReplicaDoc>, now: number): DocWrite[] | null;
};

/**
 * The page's copy of the worker's first steps (workers/sync/optimistic.ts): the same input boundary, argument
 * schema and pure `apply` of src/domain/mutations. Anything the worker would refuse, or that fails here, is not
 * previewed at all: the worker stays the judge, and its answer is what the user is told.
 */
export function planMutation(name: string, args: unknown, actor: MutationActor): MutationPlan | null {
  const definition = mutationDefinition(name);
  if (!definition || inputProblem(args, 'args')) return null;
  const parsed = definition.args.safeParse(args);
  if (!parsed.success) return null;
  let refs: DocRef[];
  try {
    refs = definition.reads(parsed.data, actor);
  } catch {
    return null;
  }
  return {
    refs,
    apply(docs, now) {
      try {
        return definition.apply(parsed.data, docs, actor, now).map(({ collection, doc }) => ({ collection, doc: withReplicaFields(doc) }));
      } catch {
        // A MutationRefused is the worker's to answer (with its message); any other fault it meets and reports too.
        return null;
      }
    },
  };
}
