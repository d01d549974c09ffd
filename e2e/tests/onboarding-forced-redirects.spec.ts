import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { approvedClient, CLIENT_PASSWORD as PASSWORD } from '../support/new-client';
import {
  approvePendingIdentification,
  logIn,
  run,
  sendIdentification,
  stepUp,
  uniquePhone,
} from '../support/onboarding';
import { operatorHeaders } from '../support/operator-session';

// The forced redirects an operator causes on an approved client: a password change, a new
// identity check, and an update of the client's details asked once per session.

/** A private client taken to APPROVED through the API, then logged out, for the journey below. */
async function approvedPrivateClient(
  request: APIRequestContext,
  operator: Record<string, string>,
  email: string,
  phone: string,
) {
  const { clientId, client } = await approvedClient(
    request,
    { first: 'Grace', last: 'Hopper', email, phone },
    operator,
  );
  await request.post('/api/auth/logout', { headers: client });
  return clientId;
}

/**
 * Ends the session and logs in again. The operator's request may already have sent this page to
 * update-info (its layout has no account menu), so the session ends through the API: what is
 * tested is the next session.
 */
async function nextSession(page: Page, request: APIRequestContext, email: string, password: string) {
  expect((await page.request.post('/api/auth/logout')).ok()).toBe(true);
  // Leave the dashboard entirely first: its calls in flight now answer 401 and would send the
  // page to the site root over the log-in page.
  await page.goto('about:blank');
  await page.goto('/#/en/login');
  await logIn(page, request, email, email, password);
}

/**
 * Each path, opened afresh, ends up at `expected`. A new document each time (by way of a blank
 * page), so the record is read again; a hash change on the open page would only be a navigation
 * inside it, racing the page's own redirects.
 */
async function expectLanding(page: Page, paths: readonly string[], expected: RegExp) {
  for (const path of paths) {
    await page.goto('about:blank');
    await page.goto(`/#${path}`);
    await expect(page, `${path} goes to ${expected}`).toHaveURL(expected);
  }
}

test('an operator forces a password change and a new identity check; an update is asked once per session', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  const email = `grace.${run}@example.test`;
  const operator = await operatorHeaders(request, 'compliance@demo.test');
  const clientId = await approvedPrivateClient(request, operator, email, uniquePhone());
  const post = async (action: string, data: object) => {
    const answer = await request.post(`/api/backoffice/clients/${clientId}/${action}`, {
      headers: operator,
      data,
    });
    expect(answer.ok(), await answer.text()).toBe(true);
  };

  // Forced redirect 5: the password-change page and nothing else until the password is changed.
  await post('require_password_change', { reason: 'Your password appeared in a data breach' });
  await page.goto('/#/en/login');
  await logIn(page, request, email);
  await expect(page).toHaveURL(/#\/dashboard\/password-change$/);
  await expect(page.getByText('Please choose a new password before you continue.')).toBeVisible();
  await expectLanding(
    page,
    ['/dashboard', '/dashboard/tickets', '/dashboard/settings', '/dashboard/settings/contacts'],
    /#\/dashboard\/password-change$/,
  );
  const NEW_PASSWORD = 'Fresher-pass-2';
  await page.getByLabel('Current password').fill(PASSWORD);
  await stepUp(page, request, email, 'Send me a code by e-mail');
  await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
  const changed = page.waitForResponse((answer) => answer.url().endsWith('/api/client/password_change'));
  await page.getByRole('button', { name: 'Change the password' }).click();
  expect((await changed).status()).toBe(200);
  // The change ends every session, this one too: the client lands on the log-in page (not the
  // site root, whatever the calls still in flight answer) and logs in with the new password.
  await expect(page).toHaveURL(/#\/en\/login$/);
  await page.waitForTimeout(1_000);
  await expect(page).toHaveURL(/#\/en\/login$/);
  await logIn(page, request, email, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/#\/dashboard$/);

  // Forced redirect 3: identification, tickets and settings only, until a new check is approved.
  await post('request_identification', { reason: 'Your passport has expired' });
  await expectLanding(
    page,
    ['/dashboard', '/dashboard/payments', '/dashboard/accounts'],
    /#\/dashboard\/settings\/identification$/,
  );
  await expectLanding(page, ['/dashboard/tickets'], /#\/dashboard\/tickets$/);
  await expectLanding(page, ['/dashboard/settings'], /#\/dashboard\/settings$/);
  await expectLanding(page, ['/dashboard/identification'], /#\/dashboard\/identification$/);
  // The verification menu's password page stays open too (docs/requirements/onboarding.md).
  await expectLanding(page, ['/dashboard/password-change'], /#\/dashboard\/password-change$/);
  await page.goto('/#/dashboard/settings/identification');
  await sendIdentification(page, '17-05-1990');
  await approvePendingIdentification(request, operator, clientId);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible({ timeout: 20_000 });
  await expectLanding(page, ['/dashboard/payments'], /#\/dashboard\/payments$/);

  // Forced redirect 6: once per session. Away from update-info, the client is not sent back.
  await post('request_update', { flags: ['address_require'], reason: 'Please confirm your address' });
  await nextSession(page, request, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/#\/dashboard\/update-info$/);
  await expectLanding(page, ['/dashboard/settings'], /#\/dashboard\/settings$/);
  await expectLanding(page, ['/dashboard'], /#\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A new session asks again.
  await nextSession(page, request, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/#\/dashboard\/update-info$/);
  expect(consoleErrors).toEqual([]);
});
