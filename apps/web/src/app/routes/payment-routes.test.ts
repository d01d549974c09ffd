import { paymentTypes } from '@bluepeak/core/payments';
import { describe, expect, it } from 'vitest';
import { paymentRoutes } from './payment-routes';

describe('payment routes', () => {
  it('have one form route per payment type of the API, each behind the payment guard', () => {
    const routes = paymentRoutes;
    for (const type of paymentTypes) {
      const route = routes.find((candidate) => candidate.path === `payments/${type}`);
      expect(route?.handle).toEqual({ guards: ['approvedOnly', 'payment'] });
    }
    expect(
      routes.filter((route) => (route.handle as { guards?: string[] })?.guards?.includes('payment')),
    ).toHaveLength(paymentTypes.length);
  });
});
