import { z } from 'zod';
import { BATCH_DESCRIPTION_MAX, BATCH_DESCRIPTION_MIN, BATCH_MESSAGES, BATCH_NAME_MAX } from './batchRules.ts';

/**
 * Part 2 §5: the separate batch schema (name required, description of 10 to 120 characters). The spec does not gate
 * the wizard on it; `missingForContinue` is the gate.
 */
export const batchDescriptionSchema = z
  .string({ error: BATCH_MESSAGES.descriptionRequired })
  .trim()
  .min(1, BATCH_MESSAGES.descriptionRequired)
  .min(BATCH_DESCRIPTION_MIN, BATCH_MESSAGES.descriptionTooShort)
  .max(BATCH_DESCRIPTION_MAX, BATCH_MESSAGES.descriptionTooLong);

export const batchFieldsSchema = z.object({
  name: z.string({ error: BATCH_MESSAGES.nameRequired }).trim().min(1, BATCH_MESSAGES.nameRequired).max(BATCH_NAME_MAX),
  description: batchDescriptionSchema,
  caseType: z.string({ error: BATCH_MESSAGES.caseTypeRequired }).trim().min(1, BATCH_MESSAGES.caseTypeRequired),
});
export type BatchFields = z.infer<typeof batchFieldsSchema>;
