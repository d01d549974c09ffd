import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '../fixtures';
import { newestCode, newestMessageId } from './operator-session';

// The escrow journeys' steps taken through the API: the escrow desk's, and a buyer's funding.

/** One step of the escrow desk, with its own Idempotency-Key (docs/requirements/escrow.md, "Retries"). */
export async function desk(
  api: APIRequestContext,
  headers: Record<string, string>,
  path: string,
  data: unknown = {},
) {
  const response = await api.post(`/api/backoffice/escrows/${path}`, {
    headers: { ...headers, 'idempotency-key': randomUUID() },
    data,
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()).data;
}

/** Funds a deal through the API as the logged-in buyer, with the code from the dev outbox. */
export async function fundByApi(page: Page, buyer: string, dealId: string, accountId: string) {
  const before = await newestMessageId(page.request, buyer);
  const sent = await page.request.post(`/api/client/escrows/${dealId}/code`, {
    data: { step: 'fund', account_id: accountId },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const funded = await page.request.post(`/api/client/escrows/${dealId}/fund`, {
    headers: { 'idempotency-key': `e2e-${dealId}` },
    data: { account_id: accountId, code: await newestCode(page.request, buyer, before) },
  });
  expect(funded.status(), await funded.text()).toBe(200);
}
