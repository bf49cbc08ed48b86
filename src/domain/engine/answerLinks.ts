import { z } from 'zod';

/**
 * Answer links (part 2 §7 "Answer by code": GET flowtimer/contact/answer, query code and answer=1). An e-mail stage
 * with `waitForAnswer` sends a link per answer and waits; opening one resumes the instance with `answer` in its
 * values. The body names the links with these placeholders; a body that names neither gets both appended.
 */
export const ANSWER_PATH = '/flowtimer/contact/answer';
export const ANSWER_PLACEHOLDERS = { accept: 'answerLink', decline: 'declineLink' } as const;
export const ACCEPT_ANSWER = 1;
export const DECLINE_ANSWER = 0;
export const MAX_ANSWER = 9;

/** The code: base64url of at least 16 random bytes (the stage makes 32, so 43 characters). */
export const ANSWER_CODE_PATTERN = /^[A-Za-z0-9_-]{22,128}$/;

export const contactAnswerQuerySchema = z.object({
  code: z.string().regex(ANSWER_CODE_PATTERN, 'code is not an answer code'),
  // A digit, not a coerced number: '' or ' 1' would coerce to a number nobody chose.
  answer: z
    .string({ error: `answer must be a whole number from 0 to ${MAX_ANSWER}` })
    .regex(/^[0-9]$/, `answer must be a whole number from 0 to ${MAX_ANSWER}`)
    .transform(Number),
});

export type ContactAnswerQuery = z.infer<typeof contactAnswerQuerySchema>;

export const answerUrl = (publicBase: string, code: string, answer: number) =>
  `${publicBase.replace(/\/+$/, '')}${ANSWER_PATH}?code=${encodeURIComponent(code)}&answer=${answer}`;
