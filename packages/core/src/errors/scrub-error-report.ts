// An error report leaves the bank for a third-party service, so it must carry no personal data
// (docs/reliability.md, "Error reporting"; docs/decisions/0019-error-reporting.md). The web app
// and the API pass every report through this one function before it is sent. It works on the
// plain JSON shape of a Sentry-protocol event, so it needs no SDK type.

const REDACTED = '[redacted]';

// Field names whose value is personal or secret whatever it looks like: people's names, contact
// details, account numbers, credentials, and bodies (a request body may hold any of these).
const SECRET_KEY =
  /^(?:.*(?:password|passwd|secret|token|authorization|cookie|session|api[_-]?key|signature|otp|iban|e[_-]?mail|phone|card|address|birth|passport)|.*name|name|first|last|holder|payee|beneficiary|recipient|code|hash|data|body|idempotency[_-]?key|ip_address|x[_-]?forwarded[_-]?for)$/i;
// Field names a Sentry event uses for its own structure, which must keep their value for the
// report to be readable: random ids, the SDK's and runtime's own description, where code ran.
const STRUCTURAL_KEY =
  /^(?:event_id|trace_id|span_id|parent_span_id|type|mechanism|filename|module|sdk|platform|level|environment|release|dist|timestamp|start_timestamp|server_name)$/;

const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b/g;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const BEARER = /\b(?:Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const JWT = /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
const CARD = /\b\d(?:[ -]?\d){12,18}\b/g;
// Session tokens, reset hashes and signed links are long random strings. Record ids (UUIDs)
// are kept: they name a row, not a person, and make a report traceable.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LONG_RANDOM = /\b(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{32,}\b/g;
const SECRET_PARAMETER =
  /([?&#;]\s*(?:[a-z_]*(?:hash|token|code|password|key|signature|secret|session|email|iban))=)[^&#\s]*/gi;

// A record id anywhere in a text, captured so that splitting on it keeps it: its groups of digits
// ('8475-414794344609') must not read as a card number. Secrets that may themselves be UUIDs (a
// token in a query, a bearer header) and e-mail addresses are masked first, over the whole text.
const UUID_IN_TEXT = /\b([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b/i;

/** Masks IBANs, e-mail addresses, card numbers, tokens and secret query parameters in a text. */
export function scrubText(text: string): string {
  return text
    .replace(SECRET_PARAMETER, `$1${REDACTED}`)
    .replace(BEARER, REDACTED)
    .replace(JWT, REDACTED)
    .replace(EMAIL, '[email]')
    .split(UUID_IN_TEXT)
    .map((part, index) => (index % 2 === 1 ? part : scrubNumbersAndTokens(part)))
    .join('');
}

function scrubNumbersAndTokens(text: string): string {
  return text
    .replace(IBAN, '[iban]')
    .replace(CARD, '[card]')
    .replace(LONG_RANDOM, (match) => (UUID.test(match) ? match : REDACTED));
}

const MAX_DEPTH = 12;

/** A deep copy of a JSON value with secret fields redacted and every text scrubbed. */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (STRUCTURAL_KEY.test(key)) copy[key] = item;
    else if (SECRET_KEY.test(key)) copy[key] = REDACTED;
    else copy[key] = scrubValue(item, depth + 1);
  }
  return copy;
}

/** A URL with its query string and any query in its hash route dropped. */
export function scrubUrl(url: string): string {
  return scrubText(url.replace(/\?[^#]*/g, '').replace(/#([^?]*)\?.*$/, '#$1'));
}

type ReportRequest = { url?: unknown; method?: unknown; headers?: unknown };

// Of a request, only where it went and the browser that sent it: never the body, cookies,
// query string or any other header.
function scrubRequest(request: ReportRequest): Record<string, unknown> {
  const headers = (request.headers ?? {}) as Record<string, unknown>;
  const userAgent = headers['User-Agent'] ?? headers['user-agent'];
  return {
    ...(typeof request.method === 'string' ? { method: request.method } : {}),
    ...(typeof request.url === 'string' ? { url: scrubUrl(request.url) } : {}),
    ...(typeof userAgent === 'string' ? { headers: { 'User-Agent': userAgent } } : {}),
  };
}

type Frame = Record<string, unknown>;

// Stack frames keep where the code was; the variables' values they may carry are dropped.
function scrubFrames(frames: unknown): unknown {
  if (!Array.isArray(frames)) return frames;
  return frames.map((frame: Frame) => {
    const { vars: _vars, pre_context: _before, post_context: _after, ...rest } = frame;
    return scrubValue(rest, 1);
  });
}

function scrubException(exception: unknown): unknown {
  if (typeof exception !== 'object' || exception === null) return exception;
  const { values, ...rest } = exception as { values?: unknown };
  if (!Array.isArray(values)) return scrubValue(rest);
  return {
    values: values.map((entry: Record<string, unknown>) => {
      const { stacktrace, ...fields } = entry;
      const frames = (stacktrace as { frames?: unknown } | undefined)?.frames;
      return {
        ...(scrubValue(fields, 1) as object),
        ...(stacktrace ? { stacktrace: { frames: scrubFrames(frames) } } : {}),
      };
    }),
  };
}

/**
 * A Sentry-protocol event fit to leave: no user, no breadcrumbs (they replay what a person
 * did), a request reduced to method, path and browser, and every other text scrubbed.
 */
export function scrubErrorReport<Event extends object>(event: Event): Event {
  const {
    user: _user,
    breadcrumbs: _breadcrumbs,
    request,
    exception,
    ...rest
  } = event as Record<string, unknown>;
  const scrubbed = scrubValue(rest) as Record<string, unknown>;
  if (request && typeof request === 'object') scrubbed.request = scrubRequest(request as ReportRequest);
  if (exception) scrubbed.exception = scrubException(exception);
  return scrubbed as Event;
}
