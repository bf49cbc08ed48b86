import { ACCOUNT_MUTATIONS } from './accountMutations.ts';
import { BATCH_MUTATIONS } from './batchMutations.ts';
import { CASE_MUTATIONS } from './caseMutations.ts';
import { CASE_RECORD_MUTATIONS } from './caseRecordMutations.ts';
import { CASE_TYPE_MUTATIONS } from './caseTypeMutations.ts';
import { CORS_MUTATIONS } from './corsMutations.ts';
import { ENGINE_ADMIN_MUTATIONS } from './engineAdminMutations.ts';
import { ENGINE_MUTATIONS } from './engineMutations.ts';
import { ENVELOPE_MUTATIONS } from './envelopeMutations.ts';
import { FILE_MUTATIONS } from './fileMutations.ts';
import { FLOW_MUTATIONS } from './flowMutations.ts';
import { FORM_MUTATIONS } from './formMutations.ts';
import { MEMBER_MUTATIONS } from './memberMutations.ts';
import { TEAM_MUTATIONS } from './teamMutations.ts';
import { TEMPLATE_MUTATIONS } from './templateMutations.ts';
import { TICKET_MUTATIONS } from './ticketMutations.ts';
import type { MutationDefinition } from './types.ts';
import { USER_MUTATIONS } from './userMutations.ts';
import { WORKSPACE_MUTATIONS } from './workspaceMutations.ts';

/** Every mutation the console can make, by name. Later areas add their lists here. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry keeps its own Args type
export const MUTATIONS: ReadonlyMap<string, MutationDefinition<any>> = new Map(
  [
    ...TICKET_MUTATIONS,
    ...USER_MUTATIONS,
    ...ENGINE_MUTATIONS,
    ...FLOW_MUTATIONS,
    ...FILE_MUTATIONS,
    ...ENVELOPE_MUTATIONS,
    ...CASE_MUTATIONS,
    ...CASE_RECORD_MUTATIONS,
    ...CASE_TYPE_MUTATIONS,
    ...TEAM_MUTATIONS,
    ...MEMBER_MUTATIONS,
    ...CORS_MUTATIONS,
    ...WORKSPACE_MUTATIONS,
    ...ENGINE_ADMIN_MUTATIONS,
    ...ACCOUNT_MUTATIONS,
    ...BATCH_MUTATIONS,
    ...FORM_MUTATIONS,
    ...TEMPLATE_MUTATIONS,
  ].map((m) => [m.name, m]),
);

export function mutationDefinition(name: string): MutationDefinition<unknown> | undefined {
  return MUTATIONS.get(name);
}
