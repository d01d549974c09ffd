import { expect, test } from '../fixtures';
import { operatorHeaders } from '../support/operator-session';

// Runs last (files run in name order, one worker, one server): after every journey above has paid,
// returned, cancelled, exchanged fees and closed accounts on this server's database, the ledger
// still balances per currency, every cached balance equals its entries, and no client account is
// below zero (docs/requirements/payments.md).
test('the ledger invariants hold after every journey', async ({ request }) => {
  const compliance = await operatorHeaders(request, 'compliance@demo.test');
  const answer = await request.get('/api/backoffice/reports/ledger', { headers: compliance });
  expect(answer.status()).toBe(200);
  const report = (await answer.json()).data;
  expect(report.breaks).toEqual([]);
  expect(report.ok).toBe(true);
});
