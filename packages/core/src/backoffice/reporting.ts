import { z } from 'zod';
import { currencyCodeSchemaForReports } from './currency';

/** A calendar day, YYYY-MM-DD, that really exists (2025-02-30 is refused). */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'Not a real date');

export const reconciliationQuerySchema = z.strictObject({ date: isoDateSchema.optional() });

/**
 * The day's reconciliation, recorded: the balances the safeguarding bank reports per currency
 * (its statement), compared with the ledger. A currency left out is reconciled internally only.
 */
export const recordReconciliationSchema = z.strictObject({
  date: isoDateSchema,
  bank_balances: z
    .array(
      z.strictObject({
        currency: currencyCodeSchemaForReports,
        amount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
      }),
    )
    .max(50)
    .default([])
    .refine(
      (balances) => new Set(balances.map((balance) => balance.currency)).size === balances.length,
      'Each currency once',
    ),
  note: z.string().trim().max(1000).optional(),
});
export type RecordReconciliationInput = z.infer<typeof recordReconciliationSchema>;

export const reconciliationBreakKinds = [
  'shortfall',
  'excess',
  'unallocated_funds',
  'bank_mismatch',
] as const;
export type ReconciliationBreakKind = (typeof reconciliationBreakKinds)[number];
