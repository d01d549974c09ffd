import { installHumanMessages, validationMessages } from '@bluepeak/core/auth';
import { ApiError } from './api-client';
import type { FormWords } from './form-words';

// docs/requirements/public-site.md, forms: fields validate with the shared zod schema and server
// errors land on the field they belong to, in either app; `translate` says a schema's sentence in
// the reader's words (lib/form-words.ts).
export type FieldErrors = Record<string, string>;
type Translate = (message: string) => string;

// A rule without words of its own speaks core's human sentences, not zod's (installed here, as
// every form's check passes through this file).
installHumanMessages();

/** The first message of each field, keyed by its dotted path (`address.city`). */
export function issuesToFieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  translate: Translate,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_form';
    errors[key] ??= translate(issue.message);
  }
  return errors;
}

/**
 * "Passwords must match" (docs/requirements/validation.md) even while other fields are still wrong: the schemas
 * check it in a refinement, which zod runs only once every field is valid.
 */
export function passwordPairErrors(values: Record<string, unknown>, translate: Translate): FieldErrors {
  const { password, password_confirmation: confirmation } = values;
  if (typeof password !== 'string' || typeof confirmation !== 'string') return {};
  return password === confirmation
    ? {}
    : { password_confirmation: translate(validationMessages.passwordsMatch) };
}

/**
 * A refused request as field errors (from the problem's `errors`, `body.` dropped) and one
 * message for the form (everything else, in the catalogue wording of docs/error-catalogue.md).
 */
export function serverFormErrors(
  error: unknown,
  words: FormWords,
  texts: readonly string[] = [],
): { fields: FieldErrors; message: string | undefined } {
  const fields: FieldErrors = {};
  if (error instanceof ApiError) {
    for (const item of error.body?.errors ?? []) {
      const key = item.field.replace(/^body\.?/, '');
      if (key) fields[key] ??= words.validation(item.message);
    }
  }
  const listed = Object.keys(fields).length > 0;
  return { fields, message: listed ? undefined : words.refusal(error, texts) };
}
