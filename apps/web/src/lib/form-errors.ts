import { humanMessages, humanTemplates, validationMessages } from '@bluepeak/core/auth';
import { placeMessages } from '@bluepeak/core/onboarding';
import { problemMessage } from './api-error-message';
import * as fieldErrors from './field-errors';
import type { FormWords } from './form-words';
import { i18n } from './i18n';

// The client app's form words (lib/form-words.ts): the schemas speak English
// (docs/requirements/validation.md wording, shared with the API); the form shows the same rule in
// the visitor's language through the `validation` texts, and a refusal as problemMessage says it.
export type { FieldErrors } from './field-errors';

const keyOfMessage = new Map<string, string>(
  [...Object.entries(validationMessages), ...Object.entries(humanMessages)].map(([key, message]) => [
    message,
    key,
  ]),
);
// The sentences with a number in them, found by their template ("Use at most 70 characters").
const templates = Object.entries(humanTemplates).map(([key, template]) => {
  const name = /\{\{(\w+)\}\}/.exec(template)?.[1] ?? 'n';
  const pattern = new RegExp(`^${template.replace(/\{\{\w+\}\}/, '(\\d+)')}$`);
  return { key, name, pattern };
});

// Other sentences of the core schemas a form can show, with the text that says the same.
const OTHER_MESSAGES: Readonly<Record<string, string>> = {
  [placeMessages.country]: 'auth:problems.country_not_supported',
  [placeMessages.postcode]: 'auth:problems.postcode_mismatch',
  [placeMessages.postcodeMissing]: 'auth:problems.postcode_missing',
  // An empty country select: the code rule speaks of letters, the visitor needs "required".
  'Country code must be 2 capital letters': 'auth:validation.required',
  'Enter the 6-digit code': 'auth:login.code_invalid',
  'Invalid referral code': 'auth:validation_more.referral',
  'No control or formatting characters': 'auth:validation_more.control_characters',
  'An ISO 4217 code in capitals': 'auth:validation_more.currency',
  'Unknown currency': 'auth:validation_more.currency',
  'Unknown code': 'auth:validation_more.country',
  'Choose a reason': 'auth:validation_more.choose_reason',
  'Choose how the remaining balance is paid out': 'auth:validation_more.payout',
  'Give the client a reason': 'auth:validation_more.client_reason',
  'Nothing to save': 'auth:validation_more.nothing_to_save',
  'Please confirm that your details are up to date': 'auth:validation_more.confirm_details',
  'Please agree to be contacted about the card': 'auth:validation_more.card_consent',
  'Please write something': 'auth:validation_more.write_something',
  'Please accept the terms and the privacy policy': 'auth:validation_more.accept_terms',
  'Not an IBAN': 'auth:validation_more.iban',
  'Invalid BIC/SWIFT code': 'auth:validation_more.bic',
  'The amount must be a whole number of minor units': 'auth:validation_more.amount',
  'At least one condition': 'auth:validation_more.one_condition',
  'At most 10 conditions': 'auth:validation_more.max_conditions',
  'A date as YYYY-MM-DD': 'auth:validation_more.date',
  'Not a real date': 'auth:validation_more.date',
  'Not a currency code': 'auth:validation_more.currency',
  'Enter a web address, e.g. example.com': 'auth:validation_more.website',
};

/** The text key (and its number, if any) that says `message` in the visitor's language. */
export function validationTextOf(
  message: string,
): { key: string; params?: Record<string, string> } | undefined {
  const key = keyOfMessage.get(message);
  if (key) return { key: `auth:validation.${key}` };
  for (const template of templates) {
    const number = template.pattern.exec(message)?.[1];
    if (number !== undefined)
      return { key: `auth:validation.${template.key}`, params: { [template.name]: number } };
  }
  const other = OTHER_MESSAGES[message];
  return other ? { key: other } : undefined;
}

export function translateValidation(message: string): string {
  const text = validationTextOf(message);
  return text ? i18n.t(text.key, { defaultValue: message, ...text.params }) : message;
}

export const clientFormWords: FormWords = { validation: translateValidation, refusal: problemMessage };

/** lib/field-errors.ts in the visitor's language, for the client app's own checks. */
export const issuesToFieldErrors = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
  fieldErrors.issuesToFieldErrors(issues, translateValidation);

export const passwordPairErrors = (values: Record<string, unknown>) =>
  fieldErrors.passwordPairErrors(values, translateValidation);

export const serverFormErrors = (error: unknown, texts: readonly string[] = []) =>
  fieldErrors.serverFormErrors(error, clientFormWords, texts);
