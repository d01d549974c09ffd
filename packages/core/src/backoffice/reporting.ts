import { z } from 'zod';
import { isoDateSchema } from '../schemas/iso-date';
import { currencyCodeSchemaForReports } from './currency';

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
