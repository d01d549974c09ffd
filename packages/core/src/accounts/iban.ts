import {
  composeIBAN,
  electronicFormatIBAN,
  extractIBAN,
  ValidationErrorsIBAN,
  validateIBAN,
} from 'ibantools';

// IBAN rules shared by the API and the web form: the format of docs/requirements/validation.md (two
// capital letters, two digits, then 1 to 30 capital letters or digits), then ibantools for the
// country's length and layout and the mod-97 check digits.
export const IBAN_FORMAT = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/;

export type IbanProblemCode =
  | 'iban_format_invalid'
  | 'iban_country_unknown'
  | 'iban_length_invalid'
  | 'iban_bban_invalid'
  | 'iban_checksum_invalid';

export type IbanCheck =
  | { valid: true; iban: string; country: string; bankIdentifier: string | null }
  | { valid: false; code: IbanProblemCode; message: string };

const MESSAGES: Record<IbanProblemCode, string> = {
  iban_format_invalid: 'Invalid IBAN format',
  iban_country_unknown: 'This country does not use IBANs',
  iban_length_invalid: 'This IBAN has the wrong length for its country',
  iban_bban_invalid: 'This IBAN does not match its country’s format',
  iban_checksum_invalid: 'This IBAN’s check digits are wrong',
};

function problem(code: IbanProblemCode): IbanCheck {
  return { valid: false, code, message: MESSAGES[code] };
}

/** 'gb33 blpk 0400...' -> 'GB33BLPK0400...': the electronic form, without spaces or dashes. */
export function normalizeIban(input: string): string {
  return electronicFormatIBAN(input) ?? '';
}

/** Checks an IBAN written with or without spaces; the answer carries it in electronic form. */
export function checkIban(input: string): IbanCheck {
  const iban = normalizeIban(input);
  if (!IBAN_FORMAT.test(iban)) return problem('iban_format_invalid');
  const { errorCodes } = validateIBAN(iban);
  // The most basic fault first: a wrong length makes every later check meaningless.
  if (errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry)) return problem('iban_country_unknown');
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength)) return problem('iban_length_invalid');
  if (
    errorCodes.includes(ValidationErrorsIBAN.WrongBBANFormat) ||
    errorCodes.includes(ValidationErrorsIBAN.WrongAccountBankBranchChecksum)
  )
    return problem('iban_bban_invalid');
  if (errorCodes.length > 0) return problem('iban_checksum_invalid');
  const parts = extractIBAN(iban);
  return { valid: true, iban, country: iban.slice(0, 2), bankIdentifier: parts.bankIdentifier ?? null };
}

/**
 * A UK IBAN for one of our own accounts: GB, check digits, the operator's 4-letter bank code,
 * its 6-digit sort code and the 8-digit account number (the UK layout of the IBAN registry).
 */
export function composeUkIban(input: { bankCode: string; sortCode: string; accountNumber: string }): string {
  if (!/^[A-Z]{4}$/.test(input.bankCode)) throw new Error('A UK bank code is 4 capital letters');
  if (!/^[0-9]{6}$/.test(input.sortCode)) throw new Error('A sort code is 6 digits');
  if (!/^[0-9]{8}$/.test(input.accountNumber)) throw new Error('A UK account number is 8 digits');
  const iban = composeIBAN({
    countryCode: 'GB',
    bban: `${input.bankCode}${input.sortCode}${input.accountNumber}`,
  });
  if (!iban) throw new Error('ibantools refused a well-formed UK BBAN');
  return iban;
}

/** 'GB33BLPK04009912345678' -> 'GB33 BLPK 0400 9912 3456 78', as printed on statements. */
export function formatIbanForPrint(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}

/** '040099' -> '04-00-99'. */
export function formatSortCode(sortCode: string): string {
  return sortCode.replace(/^(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3');
}
