import { validationMessages } from '@bluepeak/core/auth';
import { placeMessages } from '@bluepeak/core/onboarding';
import { ApiError } from './api-client';
import { problemMessage } from './api-error-message';
import { i18n } from './i18n';

// docs/requirements/public-site.md, forms: fields validate with the shared zod schema and server errors land on the field
// they belong to. The schemas speak English (docs/requirements/validation.md wording, shared with the API); the
// form shows the same rule in the visitor's language through the `validation` texts.
export type FieldErrors = Record<string, string>;

const keyOfMessage = new Map<string, string>(
  Object.entries(validationMessages).map(([key, message]) => [message, key]),
);

// Other sentences of the core schemas a form can show, with the text that says the same.
const OTHER_MESSAGES: Readonly<Record<string, string>> = {
  [placeMessages.country]: 'auth:problems.country_not_supported',
  [placeMessages.postcode]: 'auth:problems.postcode_mismatch',
  // An empty country select: the code rule speaks of letters, the visitor needs "required".
  'Country code must be 2 capital letters': 'auth:validation.required',
  'Enter the 6-digit code': 'auth:login.code_invalid',
};

export function translateValidation(message: string): string {
  const key = keyOfMessage.get(message);
  if (key) return i18n.t(`auth:validation.${key}`, { defaultValue: message });
  const other = OTHER_MESSAGES[message];
  return other ? i18n.t(other, { defaultValue: message }) : message;
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
