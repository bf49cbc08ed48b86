/** The batch detail in English (part 2 §2 Batches, §4, §8). */
export const batchDetailEn = {
  loading: 'Loading the batch…',
} as const;
