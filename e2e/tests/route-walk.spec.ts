import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { apiAccounts, logIn, PRIVATE, rewrite } from '../support/dashboard';

// docs/requirements/public-site.md and onboarding.md: every route answers with its own page, and a
// path no route owns (or an id of the wrong format) with the not-found page. One page walks them
// the dashboard as the approved demo private client, and the public site as a visitor (a client
// who opens a public page is sent to the dashboard, or logged out: public-session.spec.ts); each
// visit is a fresh load (`?walk=n` changes the document), so a heading left from the previous
// page can never pass for the next.
const NOT_FOUND = 'This page could not be found';
const HOME = 'Your money, moving across borders without the friction';
const ACCOUNTS = 'Your accounts';
const CHOOSE = 'Who are you paying?';

/** A path, the page that must answer (its h1), and where the address ends if not on the path. */
type Stop = [path: string, heading: string, landsOn?: string];

const dashboard: Stop[] = [
  ['/dashboard', ACCOUNTS],
  ['/dashboard/accounts', ACCOUNTS],
  ['/dashboard/statements', 'Statements'],
  ['/dashboard/referral', 'Invite friends'],
  ['/dashboard/tickets', 'Messages'],
  ['/dashboard/tickets/new', 'Write to support'],
  ['/dashboard/settings', 'Settings'],
  ['/dashboard/settings/account-deactivation', 'Close your account'],
  ['/dashboard/payments', 'Payments'],
  ['/dashboard/payments/type', 'New payment'],
  ['/dashboard/payments/done', 'Payments', '/dashboard/payments'],
  ['/dashboard/payments/sepa', 'Recipients', '/dashboard/recipients'],
  ['/dashboard/recipients', 'Recipients'],
  ['/dashboard/recipients/new', 'New recipient'],
  ['/dashboard/recipients/choose?type=sepa', CHOOSE],
  ['/dashboard/payments/recipients?type=sepa', CHOOSE],
  ['/dashboard/application', 'Welcome, Alex Morgan'],
  ['/dashboard/identification', 'Identification'],
  ['/dashboard/settings/identification', 'Identification'],
  ['/dashboard/address', 'Your address'],
  ['/dashboard/update-info', 'Update your details'],
  ['/dashboard/password-change', 'Password change'],
  ['/dashboard/settings/contacts', 'Contacts'],
  ['/dashboard/settings/security', 'Security and log-in codes'],
  ['/dashboard/verification', 'Company registration'],
  // New-only: an approved client goes on to its accounts.
  ['/dashboard/activate', ACCOUNTS, '/dashboard/accounts'],
  ['/dashboard/accounts/exchange', 'Exchange currency'],
  // Without an account to show, the confirmation of a new account goes back to the list.
  ['/dashboard/accounts/done', ACCOUNTS, '/dashboard/accounts'],
  ['/dashboard/payments/batch', 'Batch payments'],
  ['/dashboard/payments/batch/new', 'New batch'],
];

const nearMisses: Stop[] = [
  ['/dashboard/payments/batchx', NOT_FOUND],
  ['/dashboard/accounts/exchange/42/confirm', NOT_FOUND],
  ['/dashboard/nope', NOT_FOUND],
  ['/dashboard/payments/42', NOT_FOUND],
  ['/dashboard/payments/42/confirm', NOT_FOUND],
  ['/dashboard/payments/batch/copy', NOT_FOUND],
  ['/dashboard/payments/batch/42/confirm', NOT_FOUND],
  ['/dashboard/recipients/42', NOT_FOUND],
  ['/dashboard/tickets/42', NOT_FOUND],
  ['/dashboard/accounts/6a6299f4-9ae4-4714-9b16', NOT_FOUND],
  // The router ignores a trailing slash and the case of the path.
  ['/dashboard/payments/', 'Payments'],
  ['/dashboard/PAYMENTS', 'Payments'],
  ['/dashboard/Statements/', 'Statements'],
];

const publicSite: Stop[] = [
  ['/en', HOME],
  ['/en/private', 'Private accounts'],
  ['/en/business', 'Business accounts'],
  ['/en/about', 'About us'],
  ['/en/strategy', 'Our strategy'],
  ['/en/faq', 'Frequently asked questions'],
  ['/en/contacts', 'Contact us'],
  ['/en/escrowAccount', 'Escrow accounts'],
  ['/en/fees', 'Fees'],
  ['/en/privacy', 'Privacy policy'],
  ['/en/terms-and-conditions', 'Terms of use'],
  ['/en/card', 'Payment card'],
  ['/en/email-unsubscribe', 'Unsubscribe from e-mails'],
  ['/en/login', 'Log in'],
  ['/en/private-account', 'Open a private account'],
  ['/en/business-account', 'Open a business account'],
  ['/en/confirm', 'Confirm your e-mail address'],
  ['/en/confirm/email', HOME, '/en'],
  ['/en/restore', 'Forgotten password'],
  ['/en/restore/done', 'Your password is changed'],
  ['/en/restore/abc', 'Set a new password'],
  ['/dev/mailbox', 'Demo mailbox'],
  // Unprefixed paths move under the visitor's locale.
  ['/faq', 'Frequently asked questions', '/en/faq'],
  ['/login', 'Log in', '/en/login'],
  ['/nope', NOT_FOUND, '/en/nope'],
  ['/en/nope', NOT_FOUND],
  ['/en/faq/more', NOT_FOUND],
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function walk(page: Page, stops: Stop[]) {
  let visit = 0;
  for (const [path, heading, landsOn = path] of stops) {
    visit += 1;
    await test.step(path, async () => {
      await page.goto(`/?walk=${visit}#${path}`);
      await expect.soft(page, path).toHaveURL(new RegExp(`#${escapeRegExp(landsOn)}$`));
      await expect.soft(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
    });
  }
}

test('every dashboard route answers with its own page, and near-misses with the not-found page', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await logIn(page, PRIVATE);
  const [account] = await apiAccounts(page);
  const id = account?.id ?? '';
  await walk(page, [
    ...dashboard,
    [`/dashboard/accounts/${id}`, `${account?.name} (${account?.currency.code})`],
    [`/dashboard/accounts/${id.toUpperCase()}/`, `${account?.name} (${account?.currency.code})`],
    ...nearMisses,
  ]);
});

test('every public route answers with its own page, and near-misses with the not-found page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await walk(page, publicSite);
});

test('/dashboard/activate takes a NEW client to its first step, the phone check', async ({ page }) => {
  await logIn(page, PRIVATE);
  await rewrite(page, '**/api/client/data', (body) => {
    body.data.status = 'NEW';
  });
  await page.goto('/#/dashboard/activate');
  await expect(page).toHaveURL(/#\/dashboard\/phone-verification$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verify your phone');
});

test("a conversation that is not the client's is only not found, on its page and on its confirmation", async ({
  page,
  expectConsoleErrors,
}) => {
  expectConsoleErrors({
    text: /status of 404 /,
    at: /\/api\/client\/tickets\//,
    reason: 'the journey opens a conversation that does not exist, and the API answers 404',
  });
  await logIn(page, PRIVATE);
  const unknown = '6a6299f4-9ae4-4714-9b16-3f0c2a7d1e55';
  for (const path of [`/dashboard/tickets/${unknown}`, `/dashboard/tickets/${unknown}/confirm`]) {
    await page.goto(`/#${path}`);
    await expect(page.getByText('This conversation could not be found.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Yes, it is solved' })).toHaveCount(0);
  }
});
