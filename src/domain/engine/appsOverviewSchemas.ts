import { z } from 'zod';
import { idRefSchema } from '../validation/ids.ts';

/**
 * Inputs of the optimized apps reads and their cache (part 1 §7 Apps, "Optimized"): one call answers the apps with
 * their events, recent instances and instance counts, instead of one call per app.
 */

/** A query flag: 'true' or 'false' (a query string has no booleans); absent means true, as the spec says. */
const flag = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} is 'true' or 'false'` })
    .default('true')
    .transform((value) => value === 'true');

export const optimizedAppsQuerySchema = z.object({
  include_events: flag('include_events'),
  include_instances: flag('include_instances'),
  include_instance_counts: flag('include_instance_counts'),
  use_cache: flag('use_cache'),
});

export type OptimizedAppsQuery = z.infer<typeof optimizedAppsQuerySchema>;

/** GET /dashboard/data/optimized: one user's apps (user_id) or the workspace's (workspace_id, or neither). */
export const dashboardQuerySchema = z.object({
  user_id: idRefSchema.optional(),
  workspace_id: idRefSchema.optional(),
  use_cache: flag('use_cache'),
});

export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** At most this many apps in one batch call: a bigger list is a client bug or an attack, not a screen. */
export const MAX_BATCH_APP_IDS = 200;

export const appIdsBodySchema = z.object({
  app_ids: z
    .array(idRefSchema)
    .max(MAX_BATCH_APP_IDS, `At most ${MAX_BATCH_APP_IDS} app ids at a time`)
    .transform((ids) => [...new Set(ids)]),
});

export type AppIdsBody = z.infer<typeof appIdsBodySchema>;

/** Each app's newest instances in the optimized answers (the Apps list shows the latest runs, not the history). */
export const RECENT_INSTANCES_PER_APP = 10;
