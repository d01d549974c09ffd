// Dates people type and read as DD-MM-YYYY (the house format), whatever the browser's locale;
// the API speaks ISO days (YYYY-MM-DD). Dots and slashes are taken as separators too.
const PEOPLE = /^(\d{1,2})[-./](\d{1,2})[-./](\d{4})$/;

/** The ISO day for what a person typed, or undefined when it is no real day. */
export function isoDayOf(text: string): string | undefined {
  const match = PEOPLE.exec(text.trim());
  if (!match) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return undefined;
  return date.toISOString().slice(0, 10);
}

/** An ISO day as people read it: '2026-03-05' → '05-03-2026'. */
export function peopleDayOf(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : '';
}
