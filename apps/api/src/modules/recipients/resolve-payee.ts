import { checkIban } from '@bluepeak/core/accounts';
import { isHighRiskPayee, type Payee, type PaymentType, payeeCountries } from '@bluepeak/core/payments';
import { countryByCode } from '@bluepeak/core/reference';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { ErrorCode } from '../../lib/error-statuses';
import { findInternalAccount, findOwnAccountGroup, type InternalPayeeAccount } from './payee-account-rows';

// The payee's details beyond their form (docs/reliability.md, bad input 8, 422): IBAN country length
// and check digits by ibantools, SEPA reachability, the high-risk list for the surcharge, and
// for an internal payment the other client's account in the payment's currency. Here with the
// recipients, which pass the same checks, so payments and the products that pay out use one rule.

export type ResolvedPayee = {
  payee: Record<string, string>;
  country: string | null;
  highRisk: boolean;
  internal: InternalPayeeAccount | null;
};

const unprocessable = (code: ErrorCode, message: string) => new AppError(code, message, { detail: message });

function checkedIban(iban: string): { iban: string; country: string } {
  const result = checkIban(iban);
  if (!result.valid) throw unprocessable(result.code, result.message);
  return { iban: result.iban, country: result.country };
}

function stringsOnly(payee: Payee): Record<string, string> {
  return Object.fromEntries(Object.entries(payee).filter(([, value]) => typeof value === 'string')) as Record<
    string,
    string
  >;
}

export async function resolvePayee(
  db: Queryable,
  input: { type: PaymentType; payee: Payee; currency: string; payerClientId: string },
): Promise<ResolvedPayee> {
  const payee = stringsOnly(input.payee);
  switch (input.type) {
    case 'sepa': {
      const { iban, country } = checkedIban(payee.iban ?? '');
      if (countryByCode(country)?.is_sepa !== true)
        throw unprocessable('iban_not_sepa_reachable', 'This IBAN is not valid for Sepa payments');
      await refuseOwnAccount(db, input.payerClientId, { iban });
      const highRisk = isHighRiskPayee(payeeCountries('sepa', { iban }));
      return { payee: { ...payee, iban }, country, highRisk, internal: null };
    }
    case 'faster_pay':
      await refuseOwnAccount(db, input.payerClientId, {
        sortCode: payee.sort_code ?? '',
        accountNumber: payee.account_number ?? '',
      });
      return { payee, country: 'GB', highRisk: false, internal: null };
    case 'international': {
      const accountNumber = payee.account_number ?? '';
      const looksLikeIban = /^[A-Z]{2}[0-9]{2}/.test(accountNumber);
      const account = looksLikeIban ? checkedIban(accountNumber).iban : accountNumber;
      if (looksLikeIban) await refuseOwnAccount(db, input.payerClientId, { iban: account });
      const country = payee.country ?? null;
      const bankCountry = (payee.swift ?? '').slice(4, 6);
      if (!countryByCode(bankCountry))
        throw unprocessable('bic_invalid', 'The SWIFT code names no known country');
      return {
        payee: { ...payee, account_number: account },
        country,
        highRisk: isHighRiskPayee(payeeCountries('international', payee)),
        internal: null,
      };
    }
    case 'internal': {
      const internal = await findInternalAccount(db, payee.account_number ?? '', input.currency);
      if (!internal)
        throw unprocessable(
          'payee_account_not_found',
          'No client account with this number holds the payment currency',
        );
      if (internal.clientId === input.payerClientId)
        throw unprocessable('accounts_must_be_different', 'The payee must be another client');
      return { payee, country: null, highRisk: false, internal };
    }
  }
}

/**
 * Money between a client's own accounts moves on the ledger, at once and without a rail fee;
 * sent out through SEPA, Faster Payments or SWIFT to the client's own IBAN it would leave the
 * bank only to come back as an incoming credit, so it is refused with a pointer to internal.
 */
async function refuseOwnAccount(
  db: Queryable,
  clientId: string,
  to: { iban?: string; sortCode?: string; accountNumber?: string },
): Promise<void> {
  const own = await findOwnAccountGroup(db, clientId, to);
  if (own) {
    throw unprocessable(
      'own_account_use_internal',
      'This is one of your own accounts: move money between your own accounts with an exchange',
    );
  }
}
