import { problemCode, problemMessage } from '../../lib/form-errors';
import { i18n } from '../../lib/i18n';

/** A refusal in the client's language: the deactivation texts first, then the general catalogue. */
export function deactivationProblem(error: unknown): string | undefined {
  const code = problemCode(error);
  for (const key of [`settings:deactivation.problems.${code}`, `payments:problems.${code}`]) {
    if (code && i18n.exists(key)) return i18n.t(key);
  }
  return problemMessage(error);
}
