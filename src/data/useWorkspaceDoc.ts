import { useAtomValue } from 'jotai';
import { accountAtom } from '../app/state/accountAtoms.ts';
import type { WorkspaceDoc } from '../domain/sync/documents.gen.ts';
import { useDoc } from './replica.ts';

/**
 * The signed-in user's workspace as the replica holds it (name, external dashboard URL, chat link), so /WA,
 * /collections and Settings read it offline and see an administrator's change as soon as it is pulled.
 * undefined while the replica opens, null when it has no such document yet.
 */
export function useWorkspaceDoc(): WorkspaceDoc | null | undefined {
  const workspaceId = useAtomValue(accountAtom)?.workspace.id ?? null;
  const doc = useDoc('config', workspaceId);
  if (doc === undefined) return undefined;
  return doc !== null && doc.kind === 'workspace' && !doc.deleted ? doc : null;
}
