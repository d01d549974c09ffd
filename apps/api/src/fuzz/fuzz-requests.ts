import fc from 'fast-check';
import {
  badJsonValue,
  badPathValue,
  badQueryValue,
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
import type { Operation } from './openapi-operations';

export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** What was bad about it, for the failure report. */
  kind: string;
};

/** Requests for one operation: mostly bad in one place, now and then plausible throughout. */
export function requestsFor(operation: Operation): fc.Arbitrary<FuzzRequest> {
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
  );

  return fc
    .record({ pathValues, query, body, repeat: fc.boolean() })
    .map(({ pathValues, query, body, repeat }) => {
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
      if (body.type) headers['content-type'] = body.type;
      return { method: operation.method, url, headers, payload: body.text, kind: body.kind };
    });
}

function json(value: unknown, kind: string) {
  return { text: value === undefined ? '' : JSON.stringify(value), type: 'application/json', kind };
}
