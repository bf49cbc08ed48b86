import type { SetLanguageArgs } from '../../src/domain/mutations/userMutations.ts';
import type { WriteService } from './context.ts';

export const setLanguage: WriteService<SetLanguageArgs, { language: string }> = async (ctx, { language }) => {
  await ctx.tx
    .updateTable('users')
    .set({ language, rev: ctx.rev, updated_at: ctx.now })
    .where('id', '=', ctx.actor.userId)
    .execute();
  return { language };
};
