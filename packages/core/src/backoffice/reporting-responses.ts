import { z } from 'zod';
import { reconciliationBreakKinds } from './reporting';

/** The ledger's invariant check: every check's count of breaks, and a few examples of each. */
export const ledgerReportSchema = z.object({
  ok: z.boolean(),
  checked_at: z.string(),
  counts: z.object({
    accounts: z.number().int(),
    transfers: z.number().int(),
    entries: z.number().int(),
    currencies: z.number().int(),
  }),
  checks: z.array(z.object({ name: z.string(), description: z.string(), breaks: z.number().int() })),
  breaks: z.array(z.object({ check: z.string(), detail: z.string() })),
});
export type LedgerReport = z.infer<typeof ledgerReportSchema>;
export const ledgerReportAnswerSchema = z.object({ data: ledgerReportSchema });

export const reconciliationBreakSchema = z.object({
  kind: z.enum(reconciliationBreakKinds),
  amount_minor: z.number().int(),
  detail: z.string(),
});

/** One currency's client balances against the safeguarding account at the end of a day. */
export const currencyReconciliationSchema = z.object({
  currency: z.string(),
  client_balances_minor: z.number().int(),
  safeguarding_ledger_minor: z.number().int(),
  difference_minor: z.number().int(),
  explained_by: z.array(z.object({ kind: z.string(), balance_minor: z.number().int() })),
  bank_balance_minor: z.number().int().nullable(),
  breaks: z.array(reconciliationBreakSchema),
});
export const reconciliationSchema = z.object({
  date: z.string(),
  as_of: z.string(),
  currencies: z.array(currencyReconciliationSchema),
  ok: z.boolean(),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;
export const reconciliationAnswerSchema = z.object({ data: reconciliationSchema });

// A recorded break as the database hands it back: jsonb orders an object's keys by length.
const storedReconciliationBreakSchema = z.object({
  kind: z.enum(reconciliationBreakKinds),
  detail: z.string(),
  amount_minor: z.number().int(),
});

/** A reconciliation an operator recorded, one line per currency, newest first. */
export const recordedReconciliationSchema = z.object({
  id: z.string(),
  date: z.string(),
  currency: z.string(),
  client_balances_minor: z.number().int(),
  safeguarding_ledger_minor: z.number().int(),
  bank_balance_minor: z.number().int().nullable(),
  difference_minor: z.number().int(),
  breaks: z.array(storedReconciliationBreakSchema),
  operator_email: z.string(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type RecordedReconciliation = z.infer<typeof recordedReconciliationSchema>;
export const recordedReconciliationListSchema = z.object({ data: z.array(recordedReconciliationSchema) });
