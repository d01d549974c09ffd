/**
 * docs/requirements/accounts.md: an account's display name is its name and currency code, "Main
 * (EUR)", wherever an account is named (both apps).
 */
export function accountDisplayName(account: { name: string; currency: string }): string {
  return `${account.name} (${account.currency})`;
}
