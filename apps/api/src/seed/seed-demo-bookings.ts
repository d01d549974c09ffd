import { brand, countryRegion, formatMoney } from '@bluepeak/core';
import type { Queryable } from '../db/database';
import {
  creditIncomingPayment,
  findAccountForIncomingCredit,
  ledgerAccountIdFor,
  listClientAccountRows,
} from '../modules/accounts';
import {
  createTransfersInTransaction,
  type Rail,
  systemAccountId,
  type TransferInput,
} from '../modules/ledger/index';
import { notifyClient } from '../modules/notifications';
import { recordPastPayment } from '../modules/payments';
import { recordSettledRailSubmission } from '../modules/rails';

// How each event of the demo history is booked (seed-demo-accounts.ts plans them): through the
// ledger's own functions, with the ledger's clock set to the event's date, and, for a payment, the
// payment record the Payments list shows and the rail's record of it (settled).

export type DemoEvent =
  | { at: Date; kind: 'incoming'; email: string; currency: string; amount: number; rail: Rail; payer: string }
  | { at: Date; kind: 'outgoing'; email: string; currency: string; amount: number; rail: Rail; payee: string }
  | { at: Date; kind: 'monthly_fee'; email: string };

// The payees' bank details, so each outgoing payment is a whole payment in the Payments list.
const PAYEE_DETAILS: Record<string, Record<string, string>> = {
  'Lindenhof Immobilien': { iban: 'DE89370400440532013000' },
  'Fahrradladen Berlin': { iban: 'DE02120300000000202051' },
  'Fabrikam SARL': { iban: 'FR1420041010050500013M02606' },
  'Litware Logistics': { iban: 'NL91ABNA0417164300' },
  'Thames Water': { sort_code: '200000', account_number: '55779911' },
  'Northwind payroll': { sort_code: '400515', account_number: '31926819' },
};

export async function bookIncoming(
  tx: Queryable,
  iban: string,
  reference: string,
  event: Extract<DemoEvent, { kind: 'incoming' }>,
) {
  const target = await findAccountForIncomingCredit(tx, { iban, currency: event.currency });
  if (!target) throw new Error(`no demo ${event.currency} account for ${iban}`);
  await creditIncomingPayment(
    tx,
    {
      target,
      amountMinor: event.amount,
      rail: event.rail,
      reference,
      payerName: event.payer,
      eventAt: event.at,
    },
    { now: event.at },
  );
}

/**
 * An outgoing payment with its fee, settled with the partner bank the same day: a completed
 * payment (so the Payments list shows what the account shows), its rail submission and its
 * ledger lines.
 */
export async function bookOutgoing(
  tx: Queryable,
  clientId: string,
  reference: string,
  event: Extract<DemoEvent, { kind: 'outgoing' }>,
) {
  const { currency, amount, rail } = event;
  const client = ledgerAccountIdFor(clientId, currency);
  const settlement = systemAccountId(currency, 'rail_settlement', rail);
  // The tariff's SEPA fee is in its own currency (EUR); Faster Payments carry no fee.
  const fee = rail === 'sepa' && currency === brand.tariff.currency ? brand.tariff.outgoing.sepa_fixed : 0;
  const account = (await listClientAccountRows(tx, clientId)).find((row) => row.currency === currency);
  if (!account || (rail !== 'sepa' && rail !== 'faster_pay'))
    throw new Error(`no demo ${currency} account or rail for ${reference}`);
  const payment = await recordPastPayment(tx, {
    clientId,
    type: rail,
    account,
    amount,
    fee,
    payee: { name: event.payee, ...PAYEE_DETAILS[event.payee] },
    at: event.at,
  });
  // Settled by its rail that day, so the back office shows its rail as for one sent live.
  await recordSettledRailSubmission(tx, { id: payment.id, rail }, event.at);
  const base = {
    kind: 'posted' as const,
    currency,
    referenceType: 'payment',
    referenceId: payment.id,
    eventAt: event.at,
  };
  const transfers: TransferInput[] = [
    {
      ...base,
      id: `${reference}:payment`,
      debitAccountId: client,
      creditAccountId: settlement,
      amountMinor: amount,
      code: `${rail}_payment`,
      linked: fee > 0,
    },
  ];
  if (fee > 0) {
    transfers.push({
      ...base,
      id: `${reference}:fee`,
      debitAccountId: client,
      creditAccountId: systemAccountId(currency, 'fee_income'),
      amountMinor: fee,
      code: 'payment_fee',
    });
  }
  transfers.push({
    ...base,
    id: `${reference}:settle`,
    debitAccountId: settlement,
    creditAccountId: systemAccountId(currency, 'safeguarding'),
    amountMinor: amount,
    code: 'outgoing_settlement',
  });
  await book(tx, transfers, event.at);
  await notifyClient(tx, {
    clientId,
    kind: 'payment_status_changed',
    title: 'Payment sent',
    body: `Your payment of ${formatMoney(amount, currency)} to ${event.payee} was sent.`,
    params: { amount, currency, payee: event.payee, status: 'completed' },
    createdAt: event.at,
  });
}

/** The tariff's monthly account fee for the client's region, from its euro account. */
export async function bookMonthlyFee(
  tx: Queryable,
  clientId: string,
  country: string,
  reference: string,
  at: Date,
) {
  const { currency } = brand.tariff;
  const amount = brand.tariff.account.monthly[countryRegion(country)];
  if (amount <= 0) return;
  await book(
    tx,
    [
      {
        kind: 'posted',
        id: `${reference}:monthly_fee`,
        debitAccountId: ledgerAccountIdFor(clientId, currency),
        creditAccountId: systemAccountId(currency, 'fee_income'),
        amountMinor: amount,
        currency,
        code: 'monthly_fee',
        referenceType: 'tariff_fee',
        referenceId: reference,
        eventAt: at,
      },
    ],
    at,
  );
}

async function book(tx: Queryable, transfers: TransferInput[], at: Date) {
  const results = await createTransfersInTransaction(tx, transfers, { now: at });
  const failed = results.find((result) => !result.ok);
  if (failed && !failed.ok) throw new Error(`demo history refused by the ledger: ${failed.code}`);
}
