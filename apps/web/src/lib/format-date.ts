// docs/requirements/tariff.md: dates show as DD-MM-YYYY, or DD-MM-YYYY HH:mm:ss with time, in UTC.
const pad = (value: number) => String(value).padStart(2, '0');

export function formatDate(value: string | Date): string {
  const date = new Date(value);
  return `${pad(date.getUTCDate())}-${pad(date.getUTCMonth() + 1)}-${date.getUTCFullYear()}`;
}

export function formatDateTime(value: string | Date): string {
  const date = new Date(value);
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  return `${formatDate(date)} ${time}`;
}
