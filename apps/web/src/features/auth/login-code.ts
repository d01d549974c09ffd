import { oneTimeCodeSchema, recoveryCodeSchema } from '@bluepeak/core/auth';

/**
 * The code the log-in sends, or undefined when what was typed is not of its kind's form: six
 * digits, or a recovery code (docs/security-settings.md, "Recovery codes") in any case, with or
 * without its dash, sent as the API stores it.
 */
export function loginCodeOf(typed: string, recovery: boolean): string | undefined {
  const parsed = (recovery ? recoveryCodeSchema : oneTimeCodeSchema).safeParse(typed.trim());
  return parsed.success ? parsed.data : undefined;
}
