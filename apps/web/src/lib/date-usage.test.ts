import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/requirements/public-site.md, "Dates": every date on screen reads DD-MM-YYYY (format-date.ts)
// and every date people type goes through the one date field (components/date-field.tsx). The
// notifications panel's day, short month and year (formatNotificationDate) is the one exception.
// This reads the web app's source for the ways around them.

const SOURCE = join(import.meta.dirname, '..');
const EXCEPTIONS: Record<string, RegExp> = {
  'features/dashboard/dashboard-rules.ts': /Intl\.DateTimeFormat/,
};
const AROUND_THE_HOUSE_FORMAT: [string, RegExp][] = [
  ["the browser's date input", /type=["'{]*date["'}]|type:\s*'date'|\?\s*'date'\s*:/],
  ["the browser's date words", /toLocaleDateString|toLocaleTimeString|toLocaleString\(|Intl\.DateTimeFormat/],
  ["Mantine's date pickers", /@mantine\/dates/],
];

function files(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('dates on screen', () => {
  it('go through the house format and the one date field everywhere', () => {
    const found = files(SOURCE).flatMap((path) => {
      const name = relative(SOURCE, path).split('\\').join('/');
      const text = readFileSync(path, 'utf8');
      return AROUND_THE_HOUSE_FORMAT.filter(
        ([, pattern]) => pattern.test(text) && !EXCEPTIONS[name]?.test(text.match(pattern)?.[0] ?? ''),
      ).map(([what]) => `${name}: ${what}`);
    });
    expect(found).toEqual([]);
  });

  it('finds what it looks for', () => {
    const [input, words] = AROUND_THE_HOUSE_FORMAT;
    expect(input?.[1].test(`<TextInput type="date" />`)).toBe(true);
    expect(input?.[1].test(`type={field === 'x' ? 'date' : 'text'}`)).toBe(true);
    expect(words?.[1].test('new Date().toLocaleDateString()')).toBe(true);
    expect(words?.[1].test('formatDate(line.event_at)')).toBe(false);
  });
});
