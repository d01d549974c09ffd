import { formatRatePpm } from '@bluepeak/core/money';
import { formatMoney } from '../../components/money';
import { brand } from '../../lib/brand';

// Every figure on the fees and escrow pages is read from the tariff in the brand config, the
// same object the API charges from, so the published and the charged fees cannot disagree.
export const tariff = brand.tariff;
export const fee = (amountMinor: number) => formatMoney(amountMinor, tariff.currency);
export const rate = formatRatePpm;
