import { describe, expect, it } from 'vitest';
import { fingerprintOf, nextAttempt } from './idempotency-key';

describe('submission keys', () => {
  const keys = () => {
    let n = 0;
    return () => `key-${++n}`;
  };

  it('reuses the key while the same body is sent again (retry, double click)', () => {
    const make = keys();
    const first = nextAttempt(undefined, fingerprintOf({ amount: 100, currency: 'EUR' }), make);
    const again = nextAttempt(first, fingerprintOf({ currency: 'EUR', amount: 100 }), make);
    expect(first.key).toBe('key-1');
    expect(again.key).toBe('key-1');
  });

  it('takes a new key when the body changes', () => {
    const make = keys();
    const first = nextAttempt(undefined, fingerprintOf({ amount: 100 }), make);
    const changed = nextAttempt(first, fingerprintOf({ amount: 101 }), make);
    expect(changed.key).toBe('key-2');
  });

  it('fingerprints nested objects independently of key order', () => {
    expect(fingerprintOf({ a: 1, recipient: { name: 'A', iban: 'X' } })).toBe(
      fingerprintOf({ recipient: { iban: 'X', name: 'A' }, a: 1 }),
    );
  });
});
