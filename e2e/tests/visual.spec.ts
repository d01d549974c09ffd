import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { logIn, visit } from '../support/dashboard';
import { approvedClient, CLIENT_PASSWORD, signedUpClient } from '../support/new-client';
import {
  clientHeaders,
  newestCode,
  newestMessageId,
  operatorHeaders,
  operatorLogIn,
} from '../support/operator-session';

// Screenshots of the pages clients and operators meet most, at a phone's width (375 px) and a
// laptop's (1280 px), compared with reviewed baselines in `visual.spec.ts-snapshots/` (how to
// review and update them: docs/testing.md, "Visual checks"). The clients are made here, so no
// other journey's payments show; the browser's clock stands still; what differs from run to
// run (dates, times, ids, IBANs) is masked.
const APPROVED = { first: 'Vera', last: 'Visual', email: 'vera@visual.test', phone: '+447911000375' };
const NEW = { first: 'Otto', last: 'Onboard', email: 'otto@visual.test', phone: '+447911001280' };
const WIDTHS = [375, 1280] as const;
const TODAY = new Date('2026-11-26T10:00:00Z');

test.describe.configure({ mode: 'serial', timeout: 120_000 });
let approvedId = '';

test.beforeAll(async ({ playwright, server }) => {
  const api = await playwright.request.newContext({ baseURL: server.url });
  const compliance = await operatorHeaders(api, 'compliance@demo.test');
  ({ clientId: approvedId } = await approvedClient(api, APPROVED, compliance));
  // The onboarding client has confirmed its e-mail and phone: its next step is identification.
  await signedUpClient(api, NEW);
  const client = await clientHeaders(api, NEW.email, CLIENT_PASSWORD);
  const before = await newestMessageId(api, NEW.phone);
  expect((await api.post('/api/client/phone/send_code', { headers: client })).status()).toBe(202);
  const code = await newestCode(api, NEW.phone, before);
  expect((await api.post('/api/client/phone/verify', { headers: client, data: { code } })).status()).toBe(
    200,
  );
  await api.dispose();
});

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(TODAY);
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

/** What changes from run to run: dates, times, ids and account numbers, wherever they show. */
function dynamic(page: Page): Locator[] {
  return [
    // A date field's hint gives a fixed example date: it stays in the picture.
    page
      .getByText(/\b\d{1,2}[-./]\d{1,2}[-./]\d{4}\b|\b\d{4}-\d{2}-\d{2}\b/)
      .and(page.locator(':not(.mantine-InputWrapper-description)')),
    page.getByText(/\b\d{1,2}:\d{2}\b/),
    page.getByText(/\b[0-9a-f]{8}-[0-9a-f]{4}\b/i),
    page.getByText(/\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,}/),
    page.locator('canvas'),
  ];
}

/** Each width in turn: the page as `open` leaves it, settled, against its baseline. */
async function compare(page: Page, name: string, open: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await open();
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready);
    await expect(page.locator('[aria-busy="true"], .mantine-Skeleton-root')).toHaveCount(0);
    await expect(page).toHaveScreenshot(`${name}-${width}.png`, { fullPage: true, mask: dynamic(page) });
  }
}

test('the home screen', async ({ page }) => {
  await logIn(page, APPROVED.email, { password: CLIENT_PASSWORD });
  await compare(page, 'home', async () => {
    await visit(page, '/dashboard');
    await expect(page.getByTestId('home-total')).toContainText('EUR');
  });
});

test('a new payment', async ({ page }) => {
  await logIn(page, APPROVED.email, { password: CLIENT_PASSWORD });
  await compare(page, 'new-payment', async () => {
    await visit(page, '/dashboard/payments/sepa?recipient=new');
    await expect(page.getByRole('button', { name: /Continue|Review/ }).first()).toBeVisible();
  });
});

test('settings', async ({ page }) => {
  await logIn(page, APPROVED.email, { password: CLIENT_PASSWORD });
  await compare(page, 'settings', () => visit(page, '/dashboard/settings'));
});

test('an onboarding step: identification', async ({ page }) => {
  await logIn(page, NEW.email, { password: CLIENT_PASSWORD });
  await compare(page, 'onboarding-identification', async () => {
    await visit(page, '/dashboard/identification');
    await expect(page.getByLabel(/^Date of birth/)).toBeVisible();
  });
});

test("the back office's client page", async ({ page }) => {
  await operatorLogIn(page, 'compliance@demo.test');
  await compare(page, 'backoffice-client', async () => {
    await page.goto(`/backoffice.html#/clients/${approvedId}`);
    await expect(page.getByRole('heading', { level: 1, name: /Vera Visual/ })).toBeVisible();
  });
});
