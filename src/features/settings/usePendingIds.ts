import { useMemo } from 'react';
import { usePendingMutations } from '../../data/replica.ts';

/**
 * The ids named by changes still waiting in the outbox, so a list can mark the rows they touch ('Waiting to be
 * sent'). `names` are mutation-name prefixes (such as 'team.'), `keys` the argument fields that carry the ids (an
 * id, or a list of ids such as the runs one 'generate instances' starts).
 */
export function usePendingIds(names: readonly string[], keys: readonly string[]): ReadonlySet<string> {
  const pending = usePendingMutations();
  const nameKey = names.join('|');
  const keyKey = keys.join('|');
  return useMemo(() => {
    const ids = new Set<string>();
    for (const mutation of pending) {
      if (!names.some((name) => mutation.name.startsWith(name))) continue;
      if (typeof mutation.args !== 'object' || mutation.args === null) continue;
      const args = mutation.args as Record<string, unknown>;
      for (const key of keys) {
        const value = args[key];
        if (typeof value === 'string') ids.add(value);
        else if (Array.isArray(value)) for (const item of value) if (typeof item === 'string') ids.add(item);
      }
    }
    return ids;
    // Callers give the lists inline: their joined text, not their identity, decides when to recompute.
  }, [pending, nameKey, keyKey]);
}
