import { expect, it } from 'vitest';
import german from '../../locales/de-DE/dashboard.json';
import english from '../../locales/en-GB/dashboard.json';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key));
}

function placeholdersOf(text: unknown): string[] {
  return typeof text === 'string'
    ? [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? '').sort()
    : [];
}

function valueAt(tree: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], tree);
}

it('the dashboard text is complete in German, with the same placeholders', () => {
  expect(keysOf(german).sort()).toEqual(keysOf(english).sort());
  for (const key of keysOf(english)) {
    expect(placeholdersOf(valueAt(german, key)), key).toEqual(placeholdersOf(valueAt(english, key)));
    expect(String(valueAt(german, key)).trim(), key).not.toBe('');
  }
});

it('keeps the exact English wording the requirements give', () => {
  expect(english.notifications.empty).toBe("You don't have any notifications yet.");
  expect(english.notifications.title).toBe('Notifications');
  expect(english.iban.not_valid).toBe('This IBAN is not valid');
  expect(english.iban.not_sepa).toBe('This IBAN is not valid for Sepa payments');
  expect(english.iban.system_error).toBe('System error! Please try again later!');
  expect(english.top_bar.log_out).toBe('Log out');
  expect(Object.values(english.nav).slice(0, 6)).toEqual([
    'Home',
    'Payments',
    'Statements',
    'Messages',
    'Recipients',
    'Settings',
  ]);
});
