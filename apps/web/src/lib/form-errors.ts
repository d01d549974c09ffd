import { humanMessages, humanTemplates, installHumanMessages, validationMessages } from '@bluepeak/core/auth';
import { placeMessages } from '@bluepeak/core/onboarding';
import { ApiError } from './api-client';
import { problemMessage } from './api-error-message';
import { i18n } from './i18n';

// docs/requirements/public-site.md, forms: fields validate with the shared zod schema and server errors land on the field
// they belong to. The schemas speak English (docs/requirements/validation.md wording, shared with the API); the
// form shows the same rule in the visitor's language through the `validation` texts.
export type FieldErrors = Record<string, string>;

// A rule without words of its own speaks core's human sentences, not zod's (installed here, as
// every form's check passes through this file).
installHumanMessages();

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

/** The first message of each field, keyed by its dotted path (`address.city`). */
export function issuesToFieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_form';
    errors[key] ??= translateValidation(issue.message);
  }
  return errors;
}

/**
 * "Passwords must match" (docs/requirements/validation.md) even while other fields are still wrong: the schemas
 * check it in a refinement, which zod runs only once every field is valid.
 */
export function passwordPairErrors(values: Record<string, unknown>): FieldErrors {
  const { password, password_confirmation: confirmation } = values;
  if (typeof password !== 'string' || typeof confirmation !== 'string') return {};
  return password === confirmation
    ? {}
    : { password_confirmation: translateValidation(validationMessages.passwordsMatch) };
}

/**
 * A refused request as field errors (from the problem's `errors`, `body.` dropped) and one
 * message for the form (everything else, in the catalogue wording of docs/error-catalogue.md).
 */
export function serverFormErrors(
  error: unknown,
  texts: readonly string[] = [],
): { fields: FieldErrors; message: string | undefined } {
  const fields: FieldErrors = {};
  if (error instanceof ApiError) {
    for (const item of error.body?.errors ?? []) {
      const key = item.field.replace(/^body\.?/, '');
      if (key) fields[key] ??= translateValidation(item.message);
    }
  }
  const listed = Object.keys(fields).length > 0;
  return { fields, message: listed ? undefined : problemMessage(error, texts) };
}
