import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { useDemoWorld } from '../../testing/demo-world';
import { checkLedgerInvariants } from '../ledger';
import { buildCamt053 } from './testing/camt053-builder';
import { demoClient, uploadStatement } from './testing/statement-fixtures';

// Fuzzing the statement reader (docs/testing.md): a valid statement cut, doubled or sprinkled with
// hostile text is either imported or refused with a 4xx and a stable code, never a 5xx, and
// the ledger's invariants hold afterwards.
const TOKENS = [
  '<',
  '&',
  '&amp;',
  ']]>',
  '<!--',
  '-1',
  '1e5',
  '0.001',
  '99999999999999999',
  'DBIT',
  'PDNG',
  '\u0000',
  '\u202e',
  '<Ntry>',
];
const { test, sessions } = useDemoWorld({ sessions: { payments: ['payments@demo.test', true] } });
let base: string;

beforeAll(async () => {
  const { iban } = await demoClient(test.db, 'business@demo.test');
  base = buildCamt053({
    messageId: 'FUZZ',
    date: new Date().toISOString().slice(0, 10),
    accountIban: 'GB33BUKB20201555555555',
    opening: '100.00',
    credits: [
      { reference: 'F-1', amount: '12.34', creditorIban: iban, remittance: 'fuzz' },
      { reference: 'F-2', amount: '5.00', creditorIban: 'DE89370400440532013000' },
    ],
  });
}, 120_000);

const mutation = fc.oneof(
  fc.record({
    kind: fc.constant('replace' as const),
    at: fc.nat(),
    length: fc.nat(12),
    text: fc.constantFrom(...TOKENS),
  }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('double' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 400 }) }),
);

function mutate(
  xml: string,
  change: fc.Arbitrary<unknown> extends never
    ? never
    : { kind: string; at: number; length: number; text?: string },
) {
  const at = change.at % xml.length;
  const end = Math.min(xml.length, at + change.length);
  if (change.kind === 'replace') return xml.slice(0, at) + change.text + xml.slice(end);
  if (change.kind === 'delete') return xml.slice(0, at) + xml.slice(end);
  return xml.slice(0, end) + xml.slice(at, end) + xml.slice(end);
}

describe('statement upload under fuzzing', () => {
  it('answers 201 or a 4xx with a code for every mutated statement', async () => {
    expect((await uploadStatement(test.app, sessions.payments, base)).statusCode).toBe(201);
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 3 }), async (changes) => {
        const xml = changes.reduce((text, change) => mutate(text, change), base);
        const response = await uploadStatement(test.app, sessions.payments, xml);
        seen.set(response.statusCode, (seen.get(response.statusCode) ?? 0) + 1);
        expect([201, 422], response.body).toContain(response.statusCode);
        if (response.statusCode !== 201) expect(response.json().code).toMatch(/^statement_/);
      }),
      { numRuns: 40, seed: 20_261_126 },
    );
    expect((await checkLedgerInvariants(test.db)).ok).toBe(true);
    expect(seen.get(422)).toBeGreaterThan(0);
  }, 300_000);
});
