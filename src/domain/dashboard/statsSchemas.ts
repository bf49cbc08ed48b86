/**
 * Inputs of the case statistics and dashboard calls (part 1 §7 "Case statistics and dashboards"), shared by the
 * server's routes and any client. Every bad input is a 400 naming the field.
 */
import { z } from 'zod';
import { idRefSchema } from '../validation/ids.ts';

export const CASE_STAT_STATUSES = ['ACTIVE', 'CREATED', 'CLOSED'] as const;
export type CaseStatStatus = (typeof CASE_STAT_STATUSES)[number];
export const CASE_STAT_PERIODS = ['TODAY', 'MONTH'] as const;
export const RESOLUTION_PERIODS = ['WEEK', 'MONTH', 'QUARTER'] as const;
export const RESOLUTION_PERIOD_DAYS: Record<(typeof RESOLUTION_PERIODS)[number], number> = { WEEK: 7, MONTH: 31, QUARTER: 90 };
const ROLES = ['ADMIN', 'NORMAL', 'OTHER', 'OPS-ADMIN'] as const;

/** 'ALL' (as in the cases list) or nothing: every case type. */
const typeFilter = z
  .union([z.literal('ALL'), idRefSchema])
  .optional()
  .transform((type) => (type === 'ALL' ? undefined : type));
const status = z.enum(CASE_STAT_STATUSES, { error: 'The status must be ACTIVE, CREATED or CLOSED' });
/** A UTC day, 'YYYY-MM-DD'. */
export const utcDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'The date must be YYYY-MM-DD')
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), 'The date must be a real day')
  .refine((day) => day >= '2000-01-01' && day <= '2100-01-01', 'The date must be between 2000 and 2100');

/** GET /cases-stats: `status` ACTIVE, CREATED or CLOSED; `period` TODAY (24 UTC hours) or MONTH (31 UTC days). */
export const casesStatsQuerySchema = z.object({
  status,
  period: z.enum(CASE_STAT_PERIODS, { error: 'The period must be TODAY or MONTH' }).default('TODAY'),
  type: typeFilter,
});
/** POST /countCases: cases created or closed on a UTC day, or active at its end. */
export const countCasesBodySchema = z.object({ status, date: utcDaySchema, type: typeFilter });
/** GET /cases/resolution-times: average hours from creation to closing per UTC day (default WEEK). */
export const resolutionTimesQuerySchema = z.object({
  type: typeFilter,
  period: z.enum(RESOLUTION_PERIODS, { error: 'The period must be WEEK, MONTH or QUARTER' }).default('WEEK'),
});
/** GET /workspaces/{id}/teams/stats and /humans/stats: a NORMAL caller's requests carry its role and user id. */
export const peopleStatsQuerySchema = z.object({
  userId: idRefSchema.optional(),
  role: z.enum(ROLES, { error: 'The role must be ADMIN, NORMAL, OTHER or OPS-ADMIN' }).optional(),
});
