// The ledger's vocabulary, after TigerBeetle's data model: accounts, transfers (never
// "transactions", which are the database's) and the result codes of expected failures.
// See docs/ledger.md for the model and docs/decisions/0005-ledger-design.md for the why.

export const accountKinds = [
  'client_emoney',
  'rail_settlement',
  'fx_position',
  'fee_income',
  'safeguarding',
  'suspense',
  'opening_balances',
  'escrow',
] as const;
export type AccountKind = (typeof accountKinds)[number];

export const rails = ['sepa', 'faster_pay', 'swift', 'internal'] as const;
export type Rail = (typeof rails)[number];

export type AccountFlags = {
  /** The no-overdraft rule for client e-money: debits posted plus pending never exceed credits posted. */
  debitsMustNotExceedCredits: boolean;
  creditsMustNotExceedDebits: boolean;
};

export type Account = {
  id: string;
  kind: AccountKind;
  rail: Rail | null;
  currency: string;
  ownerClientId: string | null;
  flags: AccountFlags;
  debitsPendingMinor: number;
  debitsPostedMinor: number;
  creditsPendingMinor: number;
  creditsPostedMinor: number;
  /** Credits posted minus debits posted: positive for what we owe (a client's money), negative for what we hold. */
  balanceMinor: number;
  /** The balance less the debits that pending transfers hold: what a client may still spend. */
  availableMinor: number;
  /** How many entries the account has (for a sharded account, all its shards have). */
  version: number;
  lastEntryAt: Date | null;
  createdAt: Date;
  /** More than 1 for a hot system account whose money lives in that many shard accounts. */
  shardCount: number;
  /** The sharded account this one is a shard of. */
  shardOf: string | null;
  /** A frozen account refuses debits (freezeAccount); credits, voids and expiries still land. */
  frozen: boolean;
};

export type TransferKind = 'posted' | 'pending' | 'post_pending' | 'void_pending';

export type Transfer = {
  id: string;
  kind: TransferKind;
  /** Whether this transfer was linked to the next one in its call (an all-or-nothing chain). */
  linked: boolean;
  debitAccountId: string;
  creditAccountId: string;
  amountMinor: number;
  currency: string;
  code: string;
  referenceType: string;
  referenceId: string;
  pendingId: string | null;
  timeoutSeconds: number | null;
  expiresAt: Date | null;
  eventAt: Date;
  createdAt: Date;
};

type CommonTransferInput = {
  /** Chosen by the caller: a retry with the same id and fields returns the first transfer. */
  id: string;
  /** What the transfer is, e.g. `sepa_payment`, `payment_fee`, `fx_leg`. */
  code: string;
  /** Links this transfer to the next in the call: they commit together or not at all. */
  linked?: boolean;
  /** When the business event happened (a value date); defaults to when the ledger records it. */
  eventAt?: Date;
};

type NewTransferFields = {
  debitAccountId: string;
  creditAccountId: string;
  amountMinor: number;
  currency: string;
  /** The payment, exchange, fee or batch behind the transfer. */
  referenceType: string;
  referenceId: string;
};

export type PostedTransferInput = CommonTransferInput & NewTransferFields & { kind: 'posted' };

export type PendingTransferInput = CommonTransferInput &
  NewTransferFields & {
    kind: 'pending';
    /** The hold is voided automatically this long after it was created; no timeout holds until resolved. */
    timeoutSeconds?: number;
  };

type ResolutionFields = {
  pendingId: string;
  /** Defaults to the pending transfer's reference. */
  referenceType?: string;
  referenceId?: string;
};

export type PostPendingInput = CommonTransferInput &
  ResolutionFields & {
    kind: 'post_pending';
    /** Posts part of the hold and releases the rest; defaults to the whole pending amount. */
    amountMinor?: number;
  };

export type VoidPendingInput = CommonTransferInput & ResolutionFields & { kind: 'void_pending' };

export type TransferInput = PostedTransferInput | PendingTransferInput | PostPendingInput | VoidPendingInput;

export const transferErrorCodes = [
  'linked_event_failed',
  'linked_event_chain_open',
  'id_invalid',
  'kind_invalid',
  'code_invalid',
  'reference_invalid',
  'event_at_invalid',
  'timeout_invalid',
  'amount_must_be_integer',
  'amount_must_be_positive',
  'amount_exceeds_safe_range',
  'currency_invalid',
  'accounts_must_be_different',
  'exists_with_different_fields',
  'account_not_found',
  'currency_mismatch',
  'pending_transfer_not_found',
  'pending_transfer_not_pending',
  'pending_already_resolved',
  'pending_expired',
  'exceeds_pending_amount',
  'exceeds_credits',
  'exceeds_debits',
  'account_frozen',
  'overflows_debits',
  'overflows_credits',
] as const;
export type TransferErrorCode = (typeof transferErrorCodes)[number];
/** Every code but `pending_already_resolved`, which also says how the hold was resolved. */
export type PlainTransferErrorCode = Exclude<TransferErrorCode, 'pending_already_resolved'>;

export type PendingResolution = 'posted' | 'voided' | 'expired';

/** Expected failures are values, never exceptions; nothing is written for a failed transfer. */
export type TransferFailure =
  | { ok: false; code: PlainTransferErrorCode }
  | { ok: false; code: 'pending_already_resolved'; resolution: PendingResolution };

export type CreateTransferResult =
  | { ok: true; status: 'created' | 'exists'; transfer: Transfer }
  | TransferFailure;

/**
 * The largest number of transfers one call may carry: a limit on everything (TigerBeetle style).
 * Sized for a batch of 10,000 payments, each a hold and a fee hold (decision 0028).
 */
export const MAX_TRANSFERS_PER_CALL = 20_000;

/** Transfer ids starting with this are written by the ledger itself (expiry), never by callers. */
export const LEDGER_TRANSFER_ID_PREFIX = 'ledger:';
/** System account ids start with this; callers cannot open such an id. */
export const SYSTEM_ACCOUNT_ID_PREFIX = 'system:';
