import { z } from 'zod';
import { accountEntrySchema, accountSummarySchema } from './account-schemas';

// An account statement (docs/requirements/accounts.md, /dashboard/statements): every posted line of one
// account between two calendar days (UTC, both included), with the balance at the start and at
// the end. docs/reliability.md, bad input 16: a date that is not YYYY-MM-DD, an impossible one
// (2025-02-30), a reversed range or one longer than a year is refused before any read.

/** The longest period one statement covers, in days (a leap year, both ends included). */
export const MAX_STATEMENT_DAYS = 366;
const DAY_MS = 86_400_000;

/** Midnight UTC of a YYYY-MM-DD day, or null when the day does not exist. */
export function parseStatementDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(Date.UTC(year, month - 1, date));
  const real = at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === date;
  return real && year >= 2000 ? at : null;
}

/** Days from `from` to `to`, both included. */
export function statementDays(from: Date, to: Date): number {
  return Math.round((to.getTime() - from.getTime()) / DAY_MS) + 1;
}

const statementDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD')
  .refine((day) => parseStatementDay(day) !== null, 'This date does not exist');

function checkPeriod({ from, to }: { from: string; to: string }, context: z.RefinementCtx) {
  const start = parseStatementDay(from);
  const end = parseStatementDay(to);
  if (!start || !end) return;
  if (end < start) {
    context.addIssue({ code: 'custom', path: ['to'], message: 'The end date is before the start date' });
  } else if (statementDays(start, end) > MAX_STATEMENT_DAYS) {
    context.addIssue({
      code: 'custom',
      path: ['to'],
      message: `A statement covers at most ${MAX_STATEMENT_DAYS} days`,
    });
  }
}

export const statementQuerySchema = z
  .strictObject({ from: statementDay, to: statementDay })
  .superRefine(checkPeriod);

/** The file formats of GET /client/statements; json is the on-screen answer. */
export const STATEMENT_FORMATS = ['json', 'pdf', 'csv', 'xlsx', 'camt053', 'mt940'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/**
 * GET /client/statements: one account's statement, or, without `account_id`, one document with a
 * section for each of the client's accounts (docs/requirements/statements.md).
 */
export const clientStatementQuerySchema = z
  .strictObject({
    account_id: z.uuid({ error: 'Not a valid account id' }).optional(),
    from: statementDay,
    to: statementDay,
    format: z
      .enum(STATEMENT_FORMATS, { error: `Use one of ${STATEMENT_FORMATS.join(', ')}` })
      .default('json'),
  })
  .superRefine(checkPeriod);

export const statementEntrySchema = z.object({
  /** The ledger transfer behind the line. */
  id: z.string(),
  /** What it is, one of LINE_CODES (line-labels.ts): a screen labels the line by it. */
  code: z.string(),
  booked_at: z.string(),
  /** Signed minor units: a credit is positive, a debit negative. */
  amount: z.number().int(),
  balance_after: z.number().int(),
  /** The code's English label (lineLabel), with a payment's own text. */
  description: z.string(),
  /** Who paid or was paid, the currencies of an exchange, the institution for a fee; '' when none. */
  counterparty: z.string(),
  reference: z.string(),
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

export const clientStatementSchema = z.object({
  account_id: z.string(),
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  opening_balance: z.number().int(),
  closing_balance: z.number().int(),
  /** What came in and what went out over the period, both positive: opening + in - out = closing. */
  total_credits: z.number().int(),
  total_debits: z.number().int(),
  /** Oldest first; opening + the sum of the amounts = closing. */
  entries: z.array(statementEntrySchema),
});

export const clientStatementResponseSchema = z.object({ data: clientStatementSchema });

/** Every account's statement over one period, one section each (no `account_id` asked). */
export const allAccountsStatementSchema = z.object({
  from: z.string(),
  to: z.string(),
  accounts: z.array(clientStatementSchema),
});
export const allAccountsStatementResponseSchema = z.object({ data: allAccountsStatementSchema });
export type AllAccountsStatement = z.infer<typeof allAccountsStatementSchema>;
/** GET /client/statements in JSON: one account's statement, or every account's. */
export const statementAnswerResponseSchema = z.object({
  data: z.union([clientStatementSchema, allAccountsStatementSchema]),
});
export type ClientStatementQuery = z.infer<typeof clientStatementQuerySchema>;
export type ClientStatement = z.infer<typeof clientStatementSchema>;

export const statementSchema = z.object({
  account: accountSummarySchema,
  /** First and last day of the period (YYYY-MM-DD, UTC), both included. */
  from: z.string(),
  to: z.string(),
  opening_balance: z.number().int(),
  closing_balance: z.number().int(),
  total_credits: z.number().int(),
  total_debits: z.number().int(),
  /** Oldest first; opening + credits - debits = closing. */
  transactions: z.object({ data: z.array(accountEntrySchema) }),
});

export const statementResponseSchema = z.object({ data: statementSchema });

export type StatementQuery = z.infer<typeof statementQuerySchema>;
export type Statement = z.infer<typeof statementSchema>;

/** A kept monthly statement (recorded on the first of the next month); its file is GET /client/statements for its days. */
export const monthlyStatementSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  currency: z.string(),
  /** YYYY-MM */
  month: z.string(),
  from: z.string(),
  to: z.string(),
  opening_balance: z.number().int(),
  closing_balance: z.number().int(),
  created_at: z.string(),
});

export const monthlyStatementsResponseSchema = z.object({ data: z.array(monthlyStatementSchema) });
export type MonthlyStatement = z.infer<typeof monthlyStatementSchema>;
