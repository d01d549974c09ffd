import type { TransferInput } from '../types';

// A plain in-memory ledger, written apart from the real one and as simply as possible, for the
// property test to compare against (docs/reliability.md, T4). It models only what the test generates:
// well-formed inputs whose failures are semantic (funds, accounts, currencies, holds, retries).

export type ModelAccount = {
  id: string;
  currency: string;
  noOverdraft: boolean;
  debitsPosted: number;
  debitsPending: number;
  creditsPosted: number;
  creditsPending: number;
  frozen: boolean;
};

type ModelTransfer = {
  input: TransferInput;
  kind: TransferInput['kind'];
  debit: string;
  credit: string;
  amount: number;
  expiresAtMs: number | null;
};

/** 'created', 'exists', a failure code, or 'pending_already_resolved:<how>'. */
export type ModelOutcome = string;

export class LedgerModel {
  readonly accounts = new Map<string, ModelAccount>();
  readonly transfers = new Map<string, ModelTransfer>();
  readonly resolutions = new Map<string, 'posted' | 'voided' | 'expired'>();

  addAccount(id: string, currency: string, noOverdraft: boolean): void {
    this.accounts.set(id, {
      id,
      currency,
      noOverdraft,
      debitsPosted: 0,
      debitsPending: 0,
      creditsPosted: 0,
      creditsPending: 0,
      frozen: false,
    });
  }

  /** A freeze or unfreeze: 'changed', 'unchanged', or why it cannot apply. */
  setFrozen(id: string, frozen: boolean): ModelOutcome {
    const account = this.accounts.get(id);
    if (!account) return 'account_not_found';
    if (!account.noOverdraft) return 'account_not_freezable';
    if (account.frozen === frozen) return 'unchanged';
    account.frozen = frozen;
    return 'changed';
  }

  /** An independent copy, to try the orders in which concurrent calls could have applied. */
  clone(): LedgerModel {
    const copy = new LedgerModel();
    copy.restore(this.snapshot());
    return copy;
  }

  /** Takes over another model's state (the order that explained a concurrent step). */
  adopt(other: LedgerModel): void {
    this.restore(other.snapshot());
  }

  /** Holds to resolve: mostly open ones, and every fourth pick any hold at all (resolved ones must be refused). */
  pendingIds(which = 1): string[] {
    const holds = [...this.transfers.entries()].filter(([, t]) => t.kind === 'pending').map(([id]) => id);
    const open = holds.filter((id) => !this.resolutions.has(id));
    return which % 4 === 0 || open.length === 0 ? holds : open;
  }

  /** One ledger call: independent transfers, or linked chains that apply whole or not at all. */
  apply(inputs: readonly TransferInput[], nowMs: number): ModelOutcome[] {
    const outcomes: ModelOutcome[] = [];
    let chain: TransferInput[] = [];
    for (const [index, input] of inputs.entries()) {
      chain.push(input);
      if (input.linked && index < inputs.length - 1) continue;
      outcomes.push(...this.applyChain(chain, nowMs));
      chain = [];
    }
    return outcomes;
  }

  private applyChain(chain: TransferInput[], nowMs: number): ModelOutcome[] {
    const saved = this.snapshot();
    const outcomes: ModelOutcome[] = [];
    for (const [index, input] of chain.entries()) {
      const open = index === chain.length - 1 && input.linked === true;
      const outcome = open ? 'linked_event_chain_open' : this.applyOne(input, nowMs);
      if (outcome !== 'created' && outcome !== 'exists' && chain.length > 1) {
        this.restore(saved);
        return chain.map((_, other) => (other === index ? outcome : 'linked_event_failed'));
      }
      outcomes.push(outcome);
    }
    return outcomes;
  }

  private applyOne(input: TransferInput, nowMs: number): ModelOutcome {
    if (
      (input.kind === 'posted' || input.kind === 'pending') &&
      input.debitAccountId === input.creditAccountId
    )
      return 'accounts_must_be_different';
    const existing = this.transfers.get(input.id);
    if (existing)
      return JSON.stringify(existing.input) === JSON.stringify(input)
        ? 'exists'
        : 'exists_with_different_fields';
    if (input.kind === 'posted' || input.kind === 'pending') {
      const debit = this.accounts.get(input.debitAccountId);
      const credit = this.accounts.get(input.creditAccountId);
      if (!debit || !credit) return 'account_not_found';
      if (debit.currency !== input.currency || credit.currency !== input.currency) return 'currency_mismatch';
      if (debit.frozen) return 'account_frozen';
      if (
        debit.noOverdraft &&
        debit.debitsPosted + debit.debitsPending + input.amountMinor > debit.creditsPosted
      )
        return 'exceeds_credits';
      const pending = input.kind === 'pending';
      this.move(debit, credit, pending ? 0 : input.amountMinor, pending ? input.amountMinor : 0);
      const timeout = input.kind === 'pending' ? input.timeoutSeconds : undefined;
      this.transfers.set(input.id, {
        input,
        kind: input.kind,
        debit: debit.id,
        credit: credit.id,
        amount: input.amountMinor,
        expiresAtMs: timeout === undefined ? null : nowMs + timeout * 1000,
      });
      return 'created';
    }
    return this.resolve(input, nowMs);
  }

  private resolve(
    input: TransferInput & { kind: 'post_pending' | 'void_pending' },
    nowMs: number,
  ): ModelOutcome {
    const pending = this.transfers.get(input.pendingId);
    if (!pending) return 'pending_transfer_not_found';
    if (pending.kind !== 'pending') return 'pending_transfer_not_pending';
    const resolution = this.resolutions.get(input.pendingId);
    if (resolution) return `pending_already_resolved:${resolution}`;
    if (pending.expiresAtMs !== null && pending.expiresAtMs <= nowMs) return 'pending_expired';
    const amount = input.kind === 'post_pending' ? (input.amountMinor ?? pending.amount) : pending.amount;
    if (amount > pending.amount) return 'exceeds_pending_amount';
    if (input.kind === 'post_pending' && this.accounts.get(pending.debit)?.frozen) return 'account_frozen';
    this.release(pending, input.kind === 'post_pending' ? amount : 0);
    this.resolutions.set(input.pendingId, input.kind === 'post_pending' ? 'posted' : 'voided');
    this.transfers.set(input.id, {
      input,
      kind: input.kind,
      debit: pending.debit,
      credit: pending.credit,
      amount,
      expiresAtMs: null,
    });
    return 'created';
  }

  /** Expires every open hold whose timeout has passed; returns their ids. */
  expire(nowMs: number): string[] {
    const expired: string[] = [];
    for (const [id, transfer] of this.transfers) {
      if (transfer.kind !== 'pending' || this.resolutions.has(id)) continue;
      if (transfer.expiresAtMs === null || transfer.expiresAtMs > nowMs) continue;
      this.release(transfer, 0);
      this.resolutions.set(id, 'expired');
      expired.push(id);
    }
    return expired.sort();
  }

  private release(pending: ModelTransfer, postedAmount: number): void {
    const debit = this.accounts.get(pending.debit);
    const credit = this.accounts.get(pending.credit);
    if (!debit || !credit) throw new Error('model: hold on an unknown account');
    this.move(debit, credit, postedAmount, -pending.amount);
  }

  private move(debit: ModelAccount, credit: ModelAccount, posted: number, pending: number): void {
    debit.debitsPosted += posted;
    debit.debitsPending += pending;
    credit.creditsPosted += posted;
    credit.creditsPending += pending;
  }

  private snapshot() {
    return {
      accounts: new Map([...this.accounts].map(([id, a]) => [id, { ...a }])),
      transfers: new Map(this.transfers),
      resolutions: new Map(this.resolutions),
    };
  }

  private restore(saved: ReturnType<LedgerModel['snapshot']>): void {
    for (const [id, account] of saved.accounts) this.accounts.set(id, account);
    this.transfers.clear();
    for (const [id, t] of saved.transfers) this.transfers.set(id, t);
    this.resolutions.clear();
    for (const [id, r] of saved.resolutions) this.resolutions.set(id, r);
  }
}
