import fc from 'fast-check';
import type { JsonSchema } from './openapi-operations';

// The bad-input classes of the reliability notes, as fast-check arbitraries: wrong types, text
// that is too long or carries NUL, lone surrogates, control or bidi characters, huge and odd
// numbers, deep nesting, bad ids, and JSON text that JSON.stringify could never produce.

function nested(depth: number): unknown {
  let value: unknown = 'x';
  for (let level = 0; level < depth; level++) value = level % 2 ? [value] : { a: value };
  return value;
}

export const badJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    '',
    ' ',
    'x'.repeat(10_000),
    'a\u0000b',
    'hi\ud800',
    '\udc00',
    '\u202eevil',
    'a\r\nSet-Cookie: x=y',
    'javascript:alert(1)',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%2e%2e%2f',
    'not-a-uuid',
    '00000000-0000-0000-0000-00000000000g',
    '1e309',
    '0x10',
    ' 12 ',
    '١٢٣',
    2 ** 64,
    2 ** 53 + 2,
    -(2 ** 63),
    1.5,
    -1,
    0,
    Number.MAX_VALUE,
    true,
    null,
    [],
    {},
    ['x'],
    { __fuzz: 1 },
    nested(40),
    Array.from({ length: 2_000 }, () => 1),
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
);

/** JSON text that a JSON value cannot express: numbers out of range, -0, broken structure. */
export const rawJsonBody = fc.constantFrom(
  '{"amount":1e309}',
  '{"amount":-0}',
  '{"amount":18446744073709551616}',
  '{"amount":1.0}',
  '{"a":1,"a":2}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{}}}',
  '[]',
  'null',
  '"x"',
  '0',
  '{',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}`,
  '\ufeff{}',
);

export const wrongContentType = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/jsonx',
  '',
);

/** Path parameter text, already encoded for a URL. */
export const badPathValue = fc.oneof(
  fc.constantFrom(
    'not-a-uuid',
    '..',
    '..%2F..%2Fetc%2Fpasswd',
    '%2F',
    '%2e%2e',
    '%00',
    '%ZZ',
    '%ED%A0%80',
    '-1',
    '0',
    '1e309',
    '18446744073709551616',
    'null',
    '%20',
    '%F0%9F%98%80',
    'a'.repeat(250),
    'GBP',
    'gbp',
    'XXX',
    'GB82WEST12345698765432',
    '00000000-0000-0000-0000-000000000000',
    'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  ),
  fc.uuid().map((id) => id),
  fc.uuid().map((id) => `${id}.json`),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
);

/** Query values, already encoded; a parameter may also come twice or as an array or object. */
export const badQueryValue = fc.oneof(
  fc.constantFrom(
    '',
    '%00',
    'abcd%00',
    'fuzz%40example.test%00',
    '%ED%A0%80',
    '-1',
    '0',
    '1e309',
    '9007199254740993',
    'true',
    'null',
    '%ZZ',
    'a'.repeat(1_000),
    '2025-02-30',
    '2025-13-01',
    '..%2F..',
    'javascript%3Aalert(1)',
  ),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
  fc.integer().map(String),
);

/** A value the schema would likely accept, so one bad field is seen on its own. */
export function plausibleValue(schema: JsonSchema, depth = 0): unknown {
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (variant) return plausibleValue(variant, depth);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const result: Record<string, unknown> = {};
      if (depth > 6) return result;
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        result[key] = plausibleField(key, child, depth + 1);
      }
      return result;
    }
    case 'array':
      return schema.items && depth <= 6
        ? Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
            plausibleValue(schema.items as JsonSchema, depth + 1),
          )
        : [];
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return plausibleString(schema);
  }
}

// Placeholders the runner swaps for an id the caller has seen and for one of its own accounts.
export const KNOWN_ID = 'fuzz-known-id';
export const KNOWN_ACCOUNT = 'fuzz-known-account';

/** Values real forms carry, by field name, so a request gets past the first check. */
const BY_NAME: Record<string, unknown> = {
  currency: 'EUR',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  swift: 'CHASUS33',
  country: 'GB',
  phone: '+447911123456',
  email: 'fuzz@example.test',
  sort_code: '200000',
  account_number: '55779911',
  code: '123456',
  password: 'Strong-pass-1',
  password_confirmation: 'Strong-pass-1',
  name: 'Alex Morgan',
  first_name: 'Alex',
  last_name: 'Morgan',
  city: 'London',
  postcode: 'N1 9GU',
  amount: 100,
};

export function plausibleField(name: string, schema: JsonSchema, depth: number): unknown {
  if (name.endsWith('account_id') && schema.format === 'uuid') return KNOWN_ACCOUNT;
  const known = BY_NAME[name];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (known !== undefined && !schema.enum && typeof known === (type === 'integer' ? 'number' : type)) {
    return known;
  }
  return plausibleValue(schema, depth);
}

function plausibleString(schema: JsonSchema & { pattern?: string }): string {
  switch (schema.format) {
    case 'uuid':
      return KNOWN_ID;
    case 'email':
      return 'fuzz@example.test';
    case 'date':
      return '2025-01-15';
    case 'date-time':
      return '2025-01-15T10:00:00.000Z';
    case 'uri':
      return 'https://example.test/';
  }
  if (schema.pattern) {
    try {
      const [sample] = fc.sample(fc.stringMatching(new RegExp(schema.pattern, 'u')), { seed: 1, numRuns: 1 });
      if (sample !== undefined && sample.length <= (schema.maxLength ?? 100)) return sample;
    } catch {
      // A pattern fast-check cannot generate from: fall back to letters.
    }
  }
  const length = Math.min(Math.max(schema.minLength ?? 3, 3), schema.maxLength ?? 3);
  return 'abcdefgh'.repeat(8).slice(0, Math.max(length, 1));
}

/** Every place in a plausible body where one value can be swapped, as key paths. */
export function leafPaths(value: unknown, path: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return [path];
  const entries = Object.entries(value);
  if (entries.length === 0) return [path];
  return [path, ...entries.flatMap(([key, child]) => leafPaths(child, [...path, key]))];
}

export function withValueAt(base: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy: Record<string, unknown> = Array.isArray(base)
    ? ([...base] as unknown as Record<string, unknown>)
    : { ...(base as Record<string, unknown>) };
  const [head, ...rest] = path as [string, ...string[]];
  copy[head] = withValueAt(copy[head], rest, value);
  return copy;
}

export function withoutKey(base: unknown, path: string[]): unknown {
  if (path.length === 0 || base === null || typeof base !== 'object') return base;
  const [head, ...rest] = path as [string, ...string[]];
  const copy = { ...(base as Record<string, unknown>) };
  if (rest.length === 0) delete copy[head];
  else copy[head] = withoutKey(copy[head], rest);
  return copy;
}

/** Text that PostgreSQL or a browser cannot take, to add to every string of a plausible body. */
export const taint = fc.constantFrom(
  '\u0000',
  '\ud800',
  '\udfff',
  'x\u0000',
  'x\ud800',
  '\r\n',
  '\u202e',
  '<script>',
);

/** Every string in `value` with `suffix` added: whichever field reaches the database first carries it. */
export function tainted(value: unknown, suffix: string): unknown {
  if (typeof value === 'string') return value + suffix;
  if (Array.isArray(value)) return value.map((item) => tainted(item, suffix));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, tainted(item, suffix)]));
  }
  return value;
}

/** Each list of objects replaced by its first item: one attachment may come unwrapped
 * (docs/requirements/api-contract.md). */
export function unwrapped(value: unknown): unknown {
  if (Array.isArray(value)) {
    const [first] = value;
    return first !== null && typeof first === 'object' && !Array.isArray(first) ? unwrapped(first) : value;
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, unwrapped(item)]));
  }
  return value;
}
