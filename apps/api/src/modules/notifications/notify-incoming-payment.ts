import { currencyByCode, formatMinorUnits } from '@bluepeak/core';
import type { Queryable } from '../../db/database';
import { notifyClient } from './notify-client';

// "You received money": called by whatever books an incoming credit (accounts'
// creditIncomingPayment today, the payment rails later), in the same transaction.
export async function notifyIncomingPayment(
  tx: Queryable,
  input: {
    clientId: string;
    accountId: string;
    amountMinor: number;
    currency: string;
    payerName?: string | undefined;
    eventAt?: Date | undefined;
  },
): Promise<string> {
  const exponent = currencyByCode(input.currency)?.exponent ?? 2;
  const amount = `${formatMinorUnits(input.amountMinor, exponent)} ${input.currency}`;
  const from = input.payerName ? ` from ${input.payerName}` : '';
  return notifyClient(tx, {
    clientId: input.clientId,
    kind: 'incoming_payment',
    title: 'Incoming payment',
    body: `You received ${amount}${from}.`,
    params: {
      amount: input.amountMinor,
      currency: input.currency,
      account_id: input.accountId,
      ...(input.payerName ? { payer: input.payerName } : {}),
    },
    ...(input.eventAt ? { createdAt: input.eventAt } : {}),
  });
}
