import { type AccountKind, type Rail, SYSTEM_ACCOUNT_ID_PREFIX } from './types';

// The account chart (docs/ledger.md has the full table). Balances are credits minus debits:
// a liability such as a client's e-money shows a positive balance, an asset such as money at
// the partner bank a negative one. Only client e-money carries the no-overdraft flag, so no
// system account needs a lock to be checked.
//
// The accounts that every payment touches are sharded: the account callers name is a parent
// holding no money, and its money lives in SHARD_COUNT shard accounts. A transfer lands on the
// shard its id hashes to, so concurrent payments rarely wait for the same row.

export type SystemAccountKind = Exclude<AccountKind, 'client_emoney'>;

export type SystemAccountSpec = {
  id: string;
  kind: SystemAccountKind;
  rail: Rail | null;
  currency: string;
  shard_count: number;
  shard_of: string | null;
};

/** Enough shards that 32 concurrent callers seldom meet on one; reads add up 16 small rows. */
export const HOT_ACCOUNT_SHARDS = 16;

const shardedKinds: ReadonlySet<SystemAccountKind> = new Set([
  'rail_settlement',
  'fee_income',
  'fx_position',
]);

/** What each account is for, in one sentence, for the docs and the back office. */
export const accountKindPurposes: Record<AccountKind, string> = {
  client_emoney: "A client's e-money in one currency: what we owe them. Never below zero.",
  rail_settlement: 'Money in flight through one payment rail, settled against the partner bank.',
  fx_position: 'Our position in a currency from client exchanges; one leg per currency.',
  fee_income: 'Fees charged to clients.',
  safeguarding: 'The safeguarding bank account that backs client money (CASS 15).',
  suspense: 'Money we cannot yet place, such as an incoming credit for an unknown account.',
  opening_balances: 'The counterpart of balances loaded at start (the demo), so every cent has a source.',
  escrow: "Buyers' money held for escrow deals until released to the seller or refunded: client money.",
};

/** Which rails carry a currency: SEPA only euro, Faster Payments only sterling. */
export function railsForCurrency(currency: string): Rail[] {
  const rails: Rail[] = [];
  if (currency === 'EUR') rails.push('sepa');
  if (currency === 'GBP') rails.push('faster_pay');
  rails.push('swift', 'internal');
  return rails;
}

export function systemAccountId(currency: string, kind: SystemAccountKind, rail?: Rail): string {
  return kind === 'rail_settlement'
    ? `${SYSTEM_ACCOUNT_ID_PREFIX}${currency}:settlement:${rail ?? 'internal'}`
    : `${SYSTEM_ACCOUNT_ID_PREFIX}${currency}:${kind}`;
}

export function shardAccountId(parentId: string, shard: number): string {
  return `${parentId}:s${String(shard).padStart(2, '0')}`;
}

/**
 * The shard a transfer lands on: a hash of its id, so a retry lands where the first attempt did
 * and the choice needs no state. FNV-1a, 32 bits: cheap and evenly spread over short ids.
 */
export function shardForTransfer(transferId: string, shardCount: number): number {
  return shardForTransferHash(transferId) % shardCount;
}

/** The 32-bit hash behind shardForTransfer; the one-round-trip SQL takes it modulo the shard count. */
export function shardForTransferHash(transferId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < transferId.length; i++) {
    hash ^= transferId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Every system account of a currency, parents first, then the shards of the sharded ones. */
export function systemAccountSpecs(currency: string): SystemAccountSpec[] {
  const parents: SystemAccountSpec[] = [
    ...railsForCurrency(currency).map((rail) => spec(currency, 'rail_settlement', rail)),
    ...(['fx_position', 'fee_income', 'safeguarding', 'suspense', 'opening_balances', 'escrow'] as const).map(
      (kind) => spec(currency, kind, null),
    ),
  ];
  const shards = parents.flatMap((parent) =>
    Array.from({ length: parent.shard_count > 1 ? parent.shard_count : 0 }, (_, shard) => ({
      ...parent,
      id: shardAccountId(parent.id, shard),
      shard_count: 1,
      shard_of: parent.id,
    })),
  );
  return [...parents, ...shards];
}

function spec(currency: string, kind: SystemAccountKind, rail: Rail | null): SystemAccountSpec {
  return {
    id: systemAccountId(currency, kind, rail ?? undefined),
    kind,
    rail,
    currency,
    shard_count: shardedKinds.has(kind) ? HOT_ACCOUNT_SHARDS : 1,
    shard_of: null,
  };
}
