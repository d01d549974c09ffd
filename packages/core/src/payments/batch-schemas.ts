import { z } from 'zod';
import { paymentStatusSchema } from './payment-schemas';

// Batch payments (docs/requirements/batch-payments.md): a file or typed rows of up to 10,000
// payments, each row checked and reported with its column and a message a person understands.
export const BATCH_MAX_ROWS = 10_000;
export const BATCH_MAX_FILE_BYTES = 10 * 1024 * 1024;

/** The CSV and Excel template's columns, in order; `amount` is a decimal like 12.50. */
export const batchColumns = [
  'name',
  'iban',
  'bic',
  'sort_code',
  'account_number',
  'amount',
  'currency',
  'description',
  'bank_name',
  'address',
] as const;
export type BatchColumn = (typeof batchColumns)[number];

const text = (max: number) => z.string().max(max).optional();

/** A typed row (JSON upload or the grid): the amount in minor units. Checks happen per row, later. */
export const batchRowInputSchema = z.strictObject({
  name: text(200),
  iban: text(60),
  bic: text(20),
  sort_code: text(20),
  account_number: text(40),
  amount: z.number().int(),
  currency: text(10),
  description: text(300),
  bank_name: text(200),
  address: text(300),
});
export type BatchRowInput = z.infer<typeof batchRowInputSchema>;

export const createBatchSchema = z.strictObject({
  account_id: z.uuid({ error: 'Not a valid account id' }),
  rows: z.array(batchRowInputSchema).min(1, 'At least one row').max(BATCH_MAX_ROWS, 'At most 10,000 rows'),
});

/** A row's change: the same fields as a typed row, every one optional. */
export const updateBatchRowSchema = batchRowInputSchema.partial();

export const batchStatuses = [
  'draft',
  'processing',
  'completed',
  'cancelled',
  'on_hold',
  'returned',
] as const;
export const batchStatusSchema = z.enum(batchStatuses);
export const batchRowStatuses = ['valid', 'invalid', ...paymentStatusSchema.options] as const;

export const batchRowErrorSchema = z.object({ field: z.string(), message: z.string() });
export const batchTotalSchema = z.object({
  currency: z.string(),
  amount: z.number().int(),
  rows: z.number().int(),
});

export const batchSchema = z.object({
  id: z.string(),
  status: batchStatusSchema,
  account_id: z.string(),
  account_currency: z.string(),
  source_format: z.enum(['csv', 'xlsx', 'pain.001', 'json']),
  file_name: z.string().nullable(),
  rows_total: z.number().int(),
  rows_valid: z.number().int(),
  rows_invalid: z.number().int(),
  /** Valid rows of a draft that match a payment of the last 30 days: confirmed only with `pay_duplicates`. */
  rows_duplicate: z.number().int(),
  totals: z.array(batchTotalSchema),
  fee_total: z.number().int(),
  debit_total: z.number().int(),
  balance_available: z.number().int(),
  rows_by_status: z.record(z.string(), z.number().int()),
  status_reason: z.string().nullable(),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
});
export type Batch = z.infer<typeof batchSchema>;
export const batchAnswerSchema = z.object({ data: batchSchema });

export const batchDuplicateSchema = z.object({
  payment_id: z.string(),
  created_at: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  name: z.string(),
});
export type BatchDuplicate = z.infer<typeof batchDuplicateSchema>;

export const batchRowSchema = z.object({
  id: z.string(),
  row: z.number().int(),
  status: z.string(),
  type: z.string().nullable(),
  name: z.string(),
  fields: z.record(z.string(), z.string()),
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  debit_amount: z.number().int().nullable(),
  fee: z.number().int().nullable(),
  rate: z.string().nullable(),
  errors: z.array(batchRowErrorSchema),
  /** A draft row's likely duplicate: the newest payment of the last 30 days to the same account, amount, currency and description. */
  duplicate_of: batchDuplicateSchema.nullable(),
  payment_id: z.string().nullable(),
  status_reason: z.string().nullable(),
});
export type BatchRow = z.infer<typeof batchRowSchema>;
export const batchRowAnswerSchema = z.object({ data: batchRowSchema });

const page = z.coerce.number().int().min(1).max(100_000).default(1);
export const batchRowListQuerySchema = z.strictObject({
  status: z
    .enum(['all', 'valid', 'invalid', 'processing', 'completed', 'rejected', 'returned', 'cancelled'])
    .default('all'),
  page,
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const batchRowPageSchema = z.object({
  data: z.array(batchRowSchema),
  meta: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int() }),
});

export const batchListQuerySchema = z.strictObject({
  status: batchStatusSchema.optional(),
  page,
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const batchPageSchema = z.object({
  data: z.array(batchSchema),
  meta: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int() }),
});

export const batchIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'Not a valid batch id' }) });
export const batchRowParamsSchema = z.strictObject({
  id: z.uuid({ error: 'Not a valid batch id' }),
  rowId: z.uuid({ error: 'Not a valid row id' }),
});
export const confirmBatchSchema = z.strictObject({
  code: z.string().regex(/^[0-9]{6}$/, 'A 6-digit code'),
  /** The client has seen the rows that look like recent payments and pays them anyway. */
  pay_duplicates: z.boolean().default(false),
});
/** Removing rows in one go: the rows with problems, the only filter it takes. */
export const removeBatchRowsQuerySchema = z.strictObject({ status: z.literal('invalid') });
export const batchCodeAnswerSchema = z.object({
  data: z.object({ challenge_id: z.string(), factor: z.string(), expires_at: z.string() }),
});

export const backofficeBatchActions = ['hold', 'release', 'return'] as const;
export const backofficeBatchSchema = batchSchema.extend({ client_id: z.string(), client_name: z.string() });
export type BackofficeBatch = z.infer<typeof backofficeBatchSchema>;
export const backofficeBatchPageSchema = z.object({
  data: z.array(backofficeBatchSchema),
  meta: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    total_pages: z.number().int(),
  }),
});
export const backofficeBatchAnswerSchema = z.object({ data: backofficeBatchSchema });
export const backofficeBatchActionAnswerSchema = z.object({
  data: z.object({ id: z.string(), status: batchStatusSchema, rows_changed: z.number().int() }),
});
