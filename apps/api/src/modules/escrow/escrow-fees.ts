import { brand } from '@bluepeak/core';
import {
  type EscrowFeeRate,
  escrowChangeFee,
  escrowFeeSchedule,
  escrowFundingFees,
  escrowVerificationFee,
} from '@bluepeak/core/fees';
import { formatExchangeRate, parseExchangeRate } from '@bluepeak/core/fx-rates';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { marketRate } from '../fx-rates';
import type { DealRow } from './escrow-rows';

// The tariff's escrow fees in a deal's currency (docs/requirements/escrow.md, "Deals in other
// currencies"): the tariff states them in EUR, so a deal in another currency keeps the reference
// rate EUR -> its currency of the day it was proposed (`fee_rate`, exact decimal text), and every
// fee of the deal (funding, verification, change) is converted at that one rate, rounded down.

/** The rate to store on a new deal: null for a deal in the tariff's currency. */
export async function feeRateForNewDeal(tx: Queryable, currency: string): Promise<string | null> {
  if (currency === brand.tariff.currency) return null;
  const rate = await marketRate(tx, brand.tariff.currency, currency);
  if (!rate)
    throw new AppError('currency_unsupported', `No exchange rate for ${currency}`, {
      detail: `We have no reference rate for ${currency}, so the escrow fees cannot be worked out.`,
    });
  return formatExchangeRate(rate, 12);
}

export function feeRateOf(deal: Pick<DealRow, 'fee_rate' | 'currency'>): EscrowFeeRate {
  return deal.fee_rate === null
    ? undefined
    : parseExchangeRate(brand.tariff.currency, deal.currency, deal.fee_rate.replace(/\.?0+$/, '') || '0');
}

export function fundingFeesFor(amount: number, standard: boolean, feeRate: string | null, currency: string) {
  return escrowFundingFees(brand.tariff, amount, standard, feeRateOf({ fee_rate: feeRate, currency }));
}

export const verificationFeeOf = (deal: DealRow) => escrowVerificationFee(brand.tariff, feeRateOf(deal));
export const changeFeeOf = (deal: DealRow) => escrowChangeFee(brand.tariff, deal.standard, feeRateOf(deal));
export const feeScheduleOf = (deal: DealRow) =>
  escrowFeeSchedule(brand.tariff, deal.amount_minor, deal.standard, feeRateOf(deal));
