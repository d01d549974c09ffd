// Logs must never hold passwords, tokens or whole account numbers (docs/architecture.md,
// Security). URLs can carry IBANs (`/api/client/iban/{iban}/check`) and one-time hashes
// (`?hash=`), so every URL is masked before it is logged.
const IBAN_LIKE = /\b([A-Z]{2}\d{2})[A-Z0-9]{6,26}([A-Z0-9]{4})\b/gi;
const CARD_LIKE = /\b(\d{4})\d{5,11}(\d{4})\b/g;
const SECRET_QUERY = /([?&](?:hash|token|code|password|key|signature)=)[^&#]*/gi;

export function maskSecrets(text: string): string {
  return text.replace(SECRET_QUERY, '$1[redacted]').replace(IBAN_LIKE, '$1…$2').replace(CARD_LIKE, '$1…$2');
}

/** Pino redaction paths: any field with these names, at the top level or one level down. */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
  ...['password', 'new_password', 'token', 'code', 'secret', 'iban', 'card_number', 'data'].flatMap((key) => [
    key,
    `*.${key}`,
  ]),
];
