import { brand, countryByCode } from '@bluepeak/core';
import { checkIban, type IbanProblemCode } from '@bluepeak/core/accounts';
import ibanToBicModule from 'iban-to-bic';

// POST /client/iban/{iban}/check (docs/requirements/validation.md): the IBAN's format and check digits by
// ibantools, the bank's BIC from iban-to-bic (offline tables of the national banks' directories:
// Austria, Belgium, Germany, Spain, France, Luxembourg, the Netherlands) or from our own bank
// code, and SEPA reachability from the country's SEPA membership (packages/core reference).

export type IbanCheckAnswer =
  | { ok: true; iban: string; country: string; bankSwiftCode: string | null; sepaReachable: boolean }
  | { ok: false; code: IbanProblemCode; message: string };

export function checkIbanWithDirectory(input: string): IbanCheckAnswer {
  const check = checkIban(input);
  if (!check.valid) return { ok: false, code: check.code, message: check.message };
  return {
    ok: true,
    iban: check.iban,
    country: check.country,
    bankSwiftCode: bicOf(check.iban, check.country, check.bankIdentifier),
    sepaReachable: countryByCode(check.country)?.is_sepa ?? false,
  };
}

function bicOf(iban: string, country: string, bankIdentifier: string | null): string | null {
  if (country === 'GB' && bankIdentifier === brand.bank.iban_bank_code) return brand.bank.bic;
  return ibanToBicModule.ibanToBic(iban) ?? null;
}
