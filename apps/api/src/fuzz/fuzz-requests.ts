import { maxAmountMinor } from '@bluepeak/core/fees';
import fc from 'fast-check';
import {
  badJsonValue,
  badPathValue,
  badQueryValue,
  KNOWN_ACCOUNT,
  KNOWN_ID,
  leafPaths,
  plausibleValue,
  rawJsonBody,
  taint,
  tainted,
  unwrapped,
  withoutKey,
  withValueAt,
  wrongContentType,
} from './bad-inputs';
import type { HostileFile } from './hostile-files';
import type { JsonSchema, Operation } from './openapi-operations';

export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** A multipart upload, built when it is sent (after its ids are filled in). */
  multipart?: { fields: Record<string, string>; file: HostileFile };
  /** What was bad about it, for the failure report. */
  kind: string;
  /**
   * Sent under a key of its own: a file or an amount is read only on a first request, and a
   * shared key would answer every later one from its first answer.
   */
  freshKey?: boolean;
};

/**
 * Amounts at the edges: tiny ones, the currency's own maximum and one unit past it (a number for
 * the currency chosen), and past what any currency may hold.
 */
const BOUNDARY_AMOUNTS = [
  1,
  2,
  99,
  'max',
  'max+1',
  10 ** 12,
  10 ** 15,
  2 ** 53 - 2,
  Number.MAX_SAFE_INTEGER,
] as const;
const CURRENCIES = ['EUR', 'GBP', 'JPY', 'KWD', 'BHD', 'USD', 'CHF'];

/** Requests for one operation: mostly bad in one place, now and then plausible throughout. */
export function requestsFor(operation: Operation, files: HostileFile[] = []): fc.Arbitrary<FuzzRequest> {
  const pathNames = operation.parameters.filter((p) => p.in === 'path').map((p) => p.name);
  const queryNames = operation.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const base = operation.body ? plausibleValue(operation.body) : undefined;
  const paths = leafPaths(base);
  const single = unwrapped(base);
  const singlePaths = leafPaths(single);

  const pathValues = fc.tuple(
    ...pathNames.map(() =>
      fc.oneof({ weight: 2, arbitrary: fc.constant(KNOWN_ID) }, { weight: 3, arbitrary: badPathValue }),
    ),
  );
  // Half the requests send no query at all, so a route that refuses unknown parameters still
  // gets to look at its body.
  const query = fc.oneof(
    fc.constant([] as [string, string][]),
    fc.array(fc.tuple(fc.constantFrom(...queryNames, 'unknown', 'limit[]', 'page[x]'), badQueryValue), {
      maxLength: 4,
    }),
  );
  const body = fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .tuple(fc.constantFrom(...paths), badJsonValue)
        .map(([at, value]) => json(withValueAt(base, at, value), `bad value at ${at.join('.') || 'body'}`)),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...paths).map((at) => json(withoutKey(base, at), `missing ${at.join('.')}`)),
    },
    { weight: 1, arbitrary: fc.constant(json(withValueAt(base, ['__extra'], 'x'), 'extra field')) },
    {
      weight: 2,
      arbitrary: rawJsonBody.map((text) => ({ text, type: 'application/json', kind: 'raw body' })),
    },
    {
      weight: 1,
      arbitrary: wrongContentType.map((type) => ({
        text: JSON.stringify(base ?? {}),
        type,
        kind: `content type ${type}`,
      })),
    },
    { weight: 1, arbitrary: fc.constant(json(base, 'plausible')) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...singlePaths), badJsonValue)
        .map(([at, value]) =>
          json(withValueAt(single, at, value), `lists unwrapped, bad value at ${at.join('.')}`),
        ),
    },
    {
      weight: 3,
      arbitrary: taint.map((suffix) =>
        json(tainted(base, suffix), `every string + ${JSON.stringify(suffix)}`),
      ),
    },
    ...amountBodies(base, paths),
    ...fileBodies(base, paths, files),
  );
  const multipart = takesMultipart(operation.body) && files.length > 0;

  return fc
    .record({
      pathValues,
      query,
      body,
      repeat: fc.boolean(),
      // Half the requests to an upload that takes multipart send a hostile file that way.
      file: fc.option(fc.nat(), { nil: undefined }),
    })
    .map(({ pathValues, query, body, repeat, file }) => {
      let url = operation.path;
      pathNames.forEach((name, index) => {
        url = url.replace(`{${name}}`, pathValues[index] ?? KNOWN_ID);
      });
      const pairs = query.map(([name, value]) => `${name}=${value}`);
      if (repeat && pairs[0]) pairs.push(pairs[0]);
      if (pairs.length > 0) url += `?${pairs.join('&')}`;
      const headers: Record<string, string> = { 'idempotency-key': 'fuzz-key-0001' };
      const hasBody = operation.method !== 'GET' && operation.method !== 'DELETE';
      if (!hasBody) return { method: operation.method, url, headers, kind: 'path and query' };
      if (multipart && file !== undefined)
        return multipartRequest(operation.method, url, files[file % files.length] as HostileFile);
      if (body.type) headers['content-type'] = body.type;
      const freshKey = body.kind.startsWith('amounts') || body.kind.startsWith('file');
      return { method: operation.method, url, headers, payload: body.text, kind: body.kind, freshKey };
    });
}

function json(value: unknown, kind: string) {
  return { text: value === undefined ? '' : JSON.stringify(value), type: 'application/json', kind };
}

const AMOUNT_KEY = /amount/;
const CURRENCY_KEY = /currency$/;

/** Every amount of the body at one boundary, every currency one of the real ones. */
function amountBodies(base: unknown, paths: string[][]) {
  const amounts = paths.filter((at) => AMOUNT_KEY.test(at.at(-1) ?? ''));
  if (amounts.length === 0) return [];
  const currencies = paths.filter((at) => CURRENCY_KEY.test(at.at(-1) ?? ''));
  const arbitrary = fc
    .record({
      amount: fc.constantFrom(...BOUNDARY_AMOUNTS),
      currency: fc.constantFrom(...CURRENCIES),
    })
    .map(({ amount: edge, currency }) => {
      const amount =
        edge === 'max' ? maxAmountMinor(currency) : edge === 'max+1' ? maxAmountMinor(currency) + 1 : edge;
      let body = base;
      for (const at of amounts) body = withValueAt(body, at, amount);
      for (const at of currencies) body = withValueAt(body, at, currency);
      return json(body, `amounts ${amount} in ${currency}`);
    });
  return [{ weight: 2, arbitrary }];
}

/** A hostile file's base64 in each `data` field, with the name, type and size to match. */
function fileBodies(base: unknown, paths: string[][], files: HostileFile[]) {
  if (!paths.some(isDataPath) || files.length === 0) return [];
  return [{ weight: 3, arbitrary: fc.constantFrom(...files).map((file) => withFile(base, paths, file)) }];
}

const isDataPath = (at: string[]) => at.at(-1) === 'data';

function withFile(base: unknown, paths: string[][], file: HostileFile) {
  let body = base;
  for (const at of paths.filter(isDataPath)) {
    const parent = at.slice(0, -1);
    body = withValueAt(body, at, file.data.toString('base64'));
    for (const [key, value] of Object.entries(fileFields(file))) {
      if (paths.some((path) => path.join('.') === [...parent, key].join('.')))
        body = withValueAt(body, [...parent, key], value);
    }
  }
  return json(body, `file ${file.kind}`);
}

function multipartRequest(method: string, url: string, file: HostileFile): FuzzRequest {
  const multipart = { fields: { account_id: KNOWN_ACCOUNT }, file };
  const headers = { 'idempotency-key': 'fuzz-key-0001' };
  return { method, url, headers, multipart, kind: file.kind, freshKey: true };
}

/**
 * Each file once, to every operation that takes a file (as multipart where it can, else in its
 * `data` fields), so every fixed attack reaches every upload in every run, however short.
 */
export function everyFile(operation: Operation, files: HostileFile[]): FuzzRequest[] {
  if (operation.method !== 'POST' && operation.method !== 'PUT') return [];
  const url = operation.path.replace(/\{[^}]+\}/g, KNOWN_ID);
  if (takesMultipart(operation.body))
    return files.map((file) => multipartRequest(operation.method, url, file));
  const base = operation.body ? plausibleValue(operation.body) : undefined;
  const paths = leafPaths(base);
  if (!paths.some(isDataPath)) return [];
  return files.map((file) => {
    const body = withFile(base, paths, file);
    const headers = { 'idempotency-key': 'fuzz-key-0001', 'content-type': body.type };
    return { method: operation.method, url, headers, payload: body.text, kind: body.kind, freshKey: true };
  });
}

const fileFields = (file: HostileFile): Record<string, unknown> => ({
  name: file.fileName,
  file_name: file.fileName,
  mime: file.mime,
  size: file.data.length,
});

/** An upload route that also takes multipart/form-data (its body schema has a `multipart` part). */
function takesMultipart(schema: JsonSchema | undefined): boolean {
  const variants = schema?.anyOf ?? schema?.oneOf ?? [];
  return variants.some((variant) => variant.properties?.multipart !== undefined);
}
