import { z } from 'zod';

// The back office's view of a month's fee run (docs/requirements/statements.md, periodic fees):
// per client, each monthly and holding fee of the month, charged or still owed.
export const feeRunQuerySchema = z.strictObject({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month as YYYY-MM'),
});

export const feeRunSchema = z.object({
  month: z.string(),
  /** When every client of the month was billed; null while a run is under way or none ran. */
  finished_at: z.string().nullable(),
  clients: z.array(
    z.object({
      client_id: z.string(),
      client_name: z.string(),
      fees: z.array(
        z.object({
          kind: z.string(),
          amount: z.number().int(),
          currency: z.string(),
          status: z.enum(['owed', 'charged']),
          charged_at: z.string().nullable(),
        }),
      ),
    }),
  ),
});

export const feeRunResponseSchema = z.object({ data: feeRunSchema });
export type FeeRun = z.infer<typeof feeRunSchema>;
