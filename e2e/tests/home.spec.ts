import { expect, test } from '../fixtures';
import { apiAccounts, logIn, money, PRIVATE, visit } from '../support/dashboard';
import { approvedClient } from '../support/new-client';
import { logIn as logInWithCode, run, uniquePhone } from '../support/onboarding';
import { operatorHeaders } from '../support/operator-session';

// Home as an approved client meets it: the total across currencies in the currency it picks,
// Send and Add money, each account, recent activity across accounts; and, before the accounts
// open, the true state of the application with what happens next.
test.describe.configure({ timeout: 90_000 });

test('an approved client sees its total, its quick actions and recent activity across accounts', async ({
  page,
}) => {
  await logIn(page, PRIVATE);
  // Recent activity across accounts: an exchange just now puts a line in EUR and one in GBP at the
  // top, whatever other journeys did on this server before.
  const before = await apiAccounts(page);
  const from = before.find((account) => account.currency.code === 'EUR' && account.balance >= 1_000);
  const to = before.find((account) => account.currency.code === 'GBP');
  const quote = await page.request.post('/api/client/exchanges/quote', {
    data: { from_account_id: from?.id, to_account_id: to?.id, sell_amount: 1_000 },
  });
  expect(quote.status(), await quote.text()).toBe(201);
  const confirmed = await page.request.post(`/api/client/exchanges/${(await quote.json()).data.id}/confirm`, {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await visit(page, '/dashboard');
  const accounts = await apiAccounts(page);
  const eur = accounts.filter((account) => account.currency.code === 'EUR');
  const total = page.getByTestId('home-total');
  // In EUR, the other currencies convert: an estimate at least as large as the EUR balances.
  await expect(total).toContainText('EUR');
  // Dated by the rates it used: the demo's rates of the day (docs/decisions/0049), DD-MM-YYYY.
  const day = (back: number) =>
    new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('-');
  await expect(page.getByTestId('home-total-rates')).toHaveText(
    new RegExp(`reference rates of (${day(0)}|${day(1)}):`),
  );
  await page.getByLabel('Show total in').selectOption('GBP');
  await expect(total).toContainText('GBP');
  await page.reload();
  await expect(page.getByTestId('home-total')).toContainText('GBP');
  await page.getByLabel('Show total in').selectOption('EUR');
  expect(eur.length).toBeGreaterThan(0);

  const recent = page.getByTestId('recent-line');
  await expect(recent.first()).toBeVisible();
  const currencies = await recent.allTextContents();
  expect(currencies.some((text) => text.includes('EUR'))).toBe(true);
  expect(currencies.some((text) => text.includes('GBP'))).toBe(true);
  // Each line by its one label (the statements' vocabulary) and its date as DD-MM-YYYY, no code shown.
  for (const text of currencies) expect(text).toMatch(/^[A-Z][^_]+\d{2}-\d{2}-\d{4} · [A-Z]{3}/);

  await page.getByRole('button', { name: 'Add money' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add money to your account' });
  await expect(dialog.getByText('IBAN', { exact: true })).toBeVisible();
  await expect(dialog.getByText('BIC', { exact: true })).toBeVisible();
  const gbp = accounts.find((account) => account.currency.code === 'GBP');
  await dialog.getByLabel('Account to pay in to').selectOption(gbp?.id ?? '');
  await expect(dialog.getByText('Sort code')).toBeVisible();
  await page.keyboard.press('Escape');

  const actions = page.getByRole('navigation', { name: 'Quick actions' });
  // Exchange and batch payments do not exist yet: no action leads to them.
  await expect(actions.getByRole('link')).toHaveText(['Send money']);
  await actions.getByRole('link', { name: 'Send money' }).click();
  await expect(page).toHaveURL(/#\/dashboard\/payments\/type$/);
  await visit(page, '/dashboard');
  const row = page.getByTestId('account-row').filter({ hasText: `${eur[0]?.name} (EUR)` });
  await expect(row.getByTestId('account-balance')).toHaveText(money(eur[0]?.balance ?? 0, 2, 'EUR'));
});

test('a client in review is told what happens next and when, with the steps done', async ({ page }) => {
  await logIn(page, 'pending@demo.test');
  await visit(page, '/dashboard/accounts');
  await expect(page.getByTestId('application-state')).toContainText('we are reviewing it');
  const next = page.getByTestId('what-happens-next');
  await expect(next.getByRole('heading', { name: 'Application submitted: what happens next' })).toBeVisible();
  await expect(next).toContainText('about one business day');
  await expect(page.getByText('Your accounts open once your application is approved.')).toHaveCount(0);

  await visit(page, '/dashboard/application');
  const steps = page.getByRole('list', { name: 'Your application' });
  await expect(steps.locator('li[data-state="done"]')).toHaveCount(4);
  await expect(steps.locator('li[aria-current="step"]')).toContainText('Our review');
});

test('the approved demo business is told its registration is complete, not that it is being reviewed', async ({
  page,
}) => {
  await logIn(page, 'business@demo.test');
  await visit(page, '/dashboard/verification');
  await expect(page.getByTestId('company-state')).toHaveText(
    'Your company registration is complete and your business account is open.',
  );
  await expect(page.getByText(/being reviewed/)).toHaveCount(0);
});

test('a fee owed is among what needs attention, with the account to pay it in', async ({ page, request }) => {
  test.setTimeout(180_000);
  // Approved with nothing paid in yet: the account opening fee is owed.
  const email = `mary.${run}@example.test`;
  const operator = await operatorHeaders(request, 'compliance@demo.test');
  const { client } = await approvedClient(
    request,
    { first: 'Mary', last: 'Somerville', email, phone: uniquePhone() },
    operator,
  );
  await request.post('/api/auth/logout', { headers: client });
  await page.goto('/#/en/login');
  await logInWithCode(page, request, email);
  await expect(page).toHaveURL(/#\/dashboard/);
  await visit(page, '/dashboard/accounts');
  const attention = page.getByTestId('attention');
  await expect(attention).toContainText(/A fee of .+ is owed: account opening fee/);
  await attention.getByRole('link', { name: 'Add money' }).click();
  await expect(page).toHaveURL(/#\/dashboard\/accounts\/[0-9a-f-]{36}$/);
});
