import { normalizeIban } from '../accounts/iban';
import { countryByCode } from '../reference/countries';
import type { PaymentType } from './recipient-schemas';

// The high-risk surcharge (docs/requirements/tariff.md) falls on a payment whose payee, or the
// payee's bank, is in a country on the high-risk list. Which countries those are is read from
// the payee's details here, once: the API prices a payment with them, and the payment form
// sends the same two countries when it asks what a payment would cost.

export type PayeeCountries = { payee_country: string | null; bank_country: string | null };

const NONE: PayeeCountries = { payee_country: null, bank_country: null };

/**
 * The payee's country and its bank's, as far as a payment type carries them: a SEPA payee's is
 * its IBAN's; a SWIFT payee names its country and its bank's is in the SWIFT code (letters 5 and
 * 6). Faster Payments stay in the UK and internal payments stay with us: neither carries one.
 */
export function payeeCountries(
  type: PaymentType,
  payee: Readonly<Record<string, string | undefined>>,
): PayeeCountries {
  const known = (code: string) => (countryByCode(code) ? code : null);
  switch (type) {
    case 'sepa':
      return { payee_country: known(normalizeIban(payee.iban ?? '').slice(0, 2)), bank_country: null };
    case 'international':
      return {
        payee_country: known((payee.country ?? '').trim().toUpperCase()),
        bank_country: known((payee.swift ?? '').trim().toUpperCase().slice(4, 6)),
      };
    default:
      return NONE;
  }
}

/** Whether either country is on the high-risk list, which adds the surcharge to the fee. */
export function isHighRiskPayee(countries: PayeeCountries): boolean {
  return [countries.payee_country, countries.bank_country].some(
    (code) => code !== null && countryByCode(code)?.is_high_risk === true,
  );
}
