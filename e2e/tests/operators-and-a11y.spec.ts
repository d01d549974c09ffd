import { expect, seriousViolations, test } from '../fixtures';
import { apiAccounts, logIn, PRIVATE, visit } from '../support/dashboard';
import { noSideways } from '../support/onboarding';
import { clientHeaders, operatorHeaders, operatorLogIn } from '../support/operator-session';

// Operators reach what their role is for without dead ends, and every page a client or an
// operator can open passes axe with no serious or critical finding.
test.describe.configure({ timeout: 240_000 });

test('a payments operator finds a client by search and credits or adjusts from the record', async ({
  page,
}) => {
  await operatorLogIn(page, 'payments@demo.test');
  const navigation = page.getByRole('navigation', { name: 'Back office sections' });
  await expect(navigation.getByRole('link', { name: 'Adjustments' })).toBeVisible();
  await navigation.getByRole('link', { name: 'Client review' }).click();
  await page.getByLabel('Find a client').fill('private@demo');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('cell', { name: 'private@demo.test' })).toBeVisible();
  await page.getByRole('row').filter({ hasText: 'private@demo.test' }).getByRole('link').click();
  await expect(page.getByRole('button', { name: 'Record incoming payment' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Propose adjustment' }).first()).toBeVisible();
  // Identity documents stay compliance's: the record opens, the documents do not.
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  await navigation.getByRole('link', { name: 'Adjustments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Adjustments' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Find the client' })).toBeVisible();
});

test('approving money is asked first: the dialog shows the amount and the parties, and nothing is sent before it is confirmed', async ({
  page,
  request,
}) => {
  // One operator proposes an adjustment; a second one approves it in the browser.
  const maker = await operatorHeaders(request, 'payments@demo.test');
  const found = await request.get(`/api/backoffice/applications?q=${encodeURIComponent(PRIVATE)}`, {
    headers: maker,
  });
  const clientId = (await found.json()).data[0].id;
  const reason = `Goodwill credit ${Date.now()}`;
  const proposed = await request.post('/api/backoffice/adjustments', {
    headers: maker,
    data: { client_id: clientId, currency: 'EUR', direction: 'credit', amount: 1_234, reason },
  });
  expect(proposed.status(), await proposed.text()).toBe(201);
  const { id } = (await proposed.json()).data;
  const statusOf = async () =>
    (
      await (await request.get(`/api/backoffice/adjustments?status=proposed`, { headers: maker })).json()
    ).data.some((adjustment: { id: string }) => adjustment.id === id)
      ? 'proposed'
      : 'decided';

  await operatorLogIn(page, 'admin@demo.test');
  await page.goto('/backoffice.html#/adjustments');
  await page.getByRole('row').filter({ hasText: reason }).getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve this adjustment?' });
  const summary = dialog.getByTestId('money-summary');
  await expect(summary).toContainText('Credit 12.34 EUR');
  await expect(summary).toContainText('Suspense account (our books)');
  await expect(summary).toContainText(new RegExp(`${PRIVATE}, .+ \\(EUR\\) · [A-Z]{2}\\d{2}`));
  expect(await statusOf()).toBe('proposed');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await statusOf()).toBe('proposed');

  await page.getByRole('row').filter({ hasText: reason }).getByRole('button', { name: 'Approve' }).click();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: reason })).toHaveCount(0);
  expect(await statusOf()).toBe('decided');
});

test('tickets show the client’s e-mail, so two clients of one name are told apart', async ({
  page,
  request,
}) => {
  const client = await clientHeaders(request, PRIVATE);
  const created = await request.post('/api/client/tickets', {
    headers: client,
    data: { subject: 'Where is my card?', message: 'Hello, is the card coming soon?' },
  });
  expect(created.status(), await created.text()).toBe(201);
  await operatorLogIn(page, 'support@demo.test');
  await page.goto('/backoffice.html#/tickets');
  const row = page.getByRole('row').filter({ hasText: 'Where is my card?' }).first();
  await expect(row.getByTestId('ticket-client-email')).toHaveText(PRIVATE);
});

const BACK_OFFICE = [
  '/clients',
  '/clients?q=demo',
  '/tickets',
  '/deactivations',
  '/audit',
  '/reporting',
  '/payments',
  '/payment-files',
  '/bank-statements',
  '/adjustments',
  '/operators',
];

test('every back-office section has no serious or critical accessibility violations', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await operatorLogIn(page, 'admin@demo.test');
  const found: string[] = [];
  for (const path of BACK_OFFICE) {
    // A hash change keeps the previous page on screen until the next one renders; a full load
    // makes sure every check below reads this page.
    await page.goto(`/backoffice.html#${path}`);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
    found.push(...(await seriousViolations(page)).map((violation) => `${path} ${violation}`));
  }
  // A client's record, the page operators spend most time on.
  // Found by a search: newest first, the demo client may be pages down the approved list.
  await page.goto(`/backoffice.html#/clients?q=${encodeURIComponent(PRIVATE)}`);
  await page.getByRole('link', { name: 'Alex Morgan' }).click();
  await expect(page.getByTestId('client-status')).toBeVisible();
  found.push(...(await seriousViolations(page)).map((violation) => `record ${violation}`));
  expect(found).toEqual([]);
});

test('on a phone every back-office list is a stack of labelled cards, and log-out says it worked', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 375, height: 800 });
  await operatorLogIn(page, 'admin@demo.test');
  const found: string[] = [];
  for (const path of ['/clients', '/clients?status=APPROVED', '/payments', '/audit', '/operators']) {
    // A hash change keeps the previous page on screen until the next one renders; a full load
    // makes sure every check below reads this page.
    await page.goto(`/backoffice.html#${path}`);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    const row = page.locator('.data-table > tbody > tr').first();
    await expect(row, path).toHaveCSS('display', 'block');
    // Each value under its column's name, as the wide table's header says it.
    const header = (await page.locator('.data-table > thead th').first().textContent())?.trim();
    await expect(row.locator('td').first(), path).toHaveAttribute('data-label', header ?? '');
    await noSideways(page, path);
    found.push(...(await seriousViolations(page)).map((violation) => `${path} ${violation}`));
  }
  expect(found).toEqual([]);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByTestId('logged-out')).toHaveText('You have logged out.');
});

const DASHBOARD = [
  '/dashboard/payments',
  '/dashboard/payments/type',
  '/dashboard/recipients',
  '/dashboard/statements',
  '/dashboard/tickets',
  '/dashboard/tickets/new',
  '/dashboard/settings',
  '/dashboard/referral',
];

test('every dashboard page has no serious or critical accessibility violations', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await logIn(page, PRIVATE);
  const [account] = await apiAccounts(page);
  const found: string[] = [];
  for (const path of [...DASHBOARD, `/dashboard/accounts/${account?.id}`]) {
    await visit(page, path);
    found.push(...(await seriousViolations(page)).map((violation) => `${path} ${violation}`));
  }
  await visit(page, '/dashboard/accounts');
  await page.getByRole('button', { name: 'Add money' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Add money to your account' }).getByText('IBAN'),
  ).toBeVisible();
  found.push(...(await seriousViolations(page)).map((violation) => `add money ${violation}`));
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 375, height: 800 });
  await visit(page, '/dashboard/accounts');
  found.push(...(await seriousViolations(page)).map((violation) => `home at 375 px ${violation}`));
  expect(found).toEqual([]);
});

test('the onboarding pages of a client in review have no serious or critical violations', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await logIn(page, 'pending@demo.test');
  const found: string[] = [];
  for (const path of ['/dashboard/accounts', '/dashboard/application']) {
    await visit(page, path);
    found.push(...(await seriousViolations(page)).map((violation) => `${path} ${violation}`));
  }
  expect(found).toEqual([]);
});
