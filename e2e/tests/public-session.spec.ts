import { expect, test } from '../fixtures';
import { logIn, PRIVATE } from '../support/dashboard';

// docs/requirements/onboarding.md: a logged-in client on the public home page goes to the
// dashboard; any other public page ends the session, on the server and in the browser.
test('the home page sends a logged-in client to the dashboard; another public page logs out', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await logIn(page, PRIVATE, { fresh: true });
  await page.goto('/#/en');
  await expect(page).toHaveURL(/#\/dashboard/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });

  const loggedOut = page.waitForResponse(
    (response) => response.url().endsWith('/api/auth/logout') && response.request().method() === 'POST',
  );
  await page.goto('/#/en/faq');
  expect((await loggedOut).status()).toBe(200);
  const names = (await page.context().cookies()).map((cookie) => cookie.name);
  expect(names).not.toContain('bp__token');
  expect(names).not.toContain('bp__token_hint');
  expect((await page.request.get('/api/auth/login_check')).status()).toBe(401);

  // Without a session the home page stays, and the dashboard sends the visitor back to it.
  await page.goto('/#/en');
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  await page.goto('/#/dashboard');
  await expect(page).toHaveURL(/#\/en$/);
});

test('an anonymous visit to the home page asks the API nothing about a session, so logs no 401', async ({
  page,
}) => {
  const checks: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/login_check')) checks.push(request.url());
  });
  await page.goto('/#/en');
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(checks).toEqual([]);
});
