import { formatMoney } from '@bluepeak/core';
import type { Queryable } from '../../db/database';
import { type NotifyClientInput, notifyClient } from './notify-client';

// "You received money": called by whatever books an incoming credit (accounts'
// creditIncomingPayment today, the payment rails later), in the same transaction.

export type IncomingPayment = {
  clientId: string;
  accountId: string;
  amountMinor: number;
  currency: string;
  payerName?: string | undefined;
  eventAt?: Date | undefined;
};

/** The payee's notification, for a caller that writes it in a statement of its own. */
export function incomingPaymentNotice(input: IncomingPayment): NotifyClientInput {
  const amount = formatMoney(input.amountMinor, input.currency);
  const from = input.payerName ? ` from ${input.payerName}` : '';
  return {
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
  };
}

export async function notifyIncomingPayment(tx: Queryable, input: IncomingPayment): Promise<string> {
  return notifyClient(tx, incomingPaymentNotice(input));
}
