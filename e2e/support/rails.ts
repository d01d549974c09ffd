import type { APIRequestContext } from '@playwright/test';
import { expect } from '../fixtures';
import { operatorHeaders } from './operator-session';

// The browser journeys' server runs without the rail worker (NODE_ENV=test, in
// production-server.ts), so no payment settles behind a journey's back: a journey settles
// what it has sent when it chooses, through the clearing simulator's run-now hook.

/** Submits every queued simulator payment and answers it at once (payee RETURN: returned). */
export async function settlePaymentsNow(api: APIRequestContext): Promise<void> {
  const headers = await operatorHeaders(api, 'payments@demo.test');
  const answer = await api.post('/api/backoffice/payment-rails/simulator/run', {
    headers,
    data: { settle_now: true },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}
