import { z } from 'zod';
import { defineMutation, MutationRefused } from './types.ts';

export const SUPPORTED_LANGUAGES = ['en', 'es'] as const;
export const setLanguageArgs = z.object({ language: z.enum(SUPPORTED_LANGUAGES) });
export type SetLanguageArgs = z.infer<typeof setLanguageArgs>;

/** The signed-in user's interface language (part 1 §1: English and Spanish in the user form). */
export const setLanguage = defineMutation({
  name: 'user.setLanguage',
  args: setLanguageArgs,
  reads: (_args, actor) => [{ collection: 'config', id: actor.userId }],
  apply({ language }, docs, actor) {
    const user = docs.get(actor.userId);
    if (!user) throw new MutationRefused('not-found', 'Your account is not loaded yet');
    return [{ collection: 'config', doc: { ...user, language } }];
  },
});

export const USER_MUTATIONS = [setLanguage];
