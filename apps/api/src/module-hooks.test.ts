import { describe, expect, it } from 'vitest';
import { registerModuleHooks } from './module-hooks';
import { clientRecordParts } from './modules/clients';
import { payoutResolvedHook } from './modules/payments';
import { paymentsFiledHook, railAnswerHook, unconfirmedPaymentHook } from './modules/rails';

describe('the module hooks', () => {
  it('have a handler for every key a lower module runs', () => {
    registerModuleHooks();
    const wired = [
      ...(['tickets', 'accounts'] as const).map((key) => clientRecordParts.has(key)),
      ...(['settled', 'rejected', 'returned'] as const).map((key) => railAnswerHook.has(key)),
      paymentsFiledHook.has('pain.001'),
      unconfirmedPaymentHook.has('expired'),
      ...(['deactivation', 'escrow'] as const).map((key) => payoutResolvedHook.has(key)),
    ];
    expect(wired.every(Boolean)).toBe(true);
  });

  it('can be wired again in the same process without complaint', () => {
    expect(() => registerModuleHooks()).not.toThrow();
  });
});
