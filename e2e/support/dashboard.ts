import type { Cookie, Page, Route } from '@playwright/test';
import { expect } from '../fixtures';

// The dashboard journeys' shared steps. Log-in goes through the API (password, then the
// e-mailed code from the demo outbox) with page.request, which shares its cookies with the page.
export const PASSWORD = 'Demo-password-1';
export const PRIVATE = 'private@demo.test';

const sessions = new Map<string, Cookie[]>();

export async function logIn(page: Page, email: string, options: { fresh?: boolean; password?: string } = {}) {
  const kept = options.fresh ? undefined : sessions.get(email);
  if (kept) {
    await page.context().addCookies(kept);
    const check = await page.request.get('/api/auth/login_check');
    if (check.ok()) return;
    await page.context().clearCookies();
  }
  const api = page.request;
  const step1 = await api.post('/api/auth/login', {
    data: { email, password: options.password ?? PASSWORD },
  });
  expect(step1.status(), await step1.text()).toBe(200);
  const { challenge_id } = (await step1.json()).data;
  const outbox = await (await api.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
  const code = /\b(\d{6})\b/.exec(outbox.data[0].text)?.[1];
  expect(code, 'a log-in code in the newest e-mail').toBeTruthy();
  const step2 = await api.post('/api/auth/login/verify', { data: { challenge_id, code } });
  expect(step2.status(), await step2.text()).toBe(200);
  if (!options.fresh) sessions.set(email, await page.context().cookies());
}

export type ApiAccount = {
  id: string;
  name: string;
  balance: number;
  currency: { code: string; exponent: number };
};

export async function apiAccounts(page: Page): Promise<ApiAccount[]> {
  const response = await page.request.get('/api/client/accounts');
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: { accounts: { data: ApiAccount[] } }[] };
  return body.data.flatMap((group) => group.accounts.data);
}

/** The money format (docs/requirements/public-site.md), worked out apart from the app: '12 345.60 EUR'. */
export function money(amount: number, exponent: number, code: string): string {
  const digits = Math.abs(amount)
    .toString()
    .padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const fraction = exponent > 0 ? `.${digits.slice(digits.length - exponent)}` : '';
  return `${amount < 0 ? '-' : ''}${whole}${fraction} ${code}`;
}

/** Answers one API call with a problem of our choosing (docs/error-catalogue.md's situations). */
export function problem(status: number, body: Record<string, unknown>) {
  return (route: Route) =>
    route.fulfill({
      status,
      contentType: 'application/problem+json',
      body: JSON.stringify({ status, code: 'faked', ...body }),
    });
}

/** Rewrites a real JSON answer, so a test sees the real client with one thing changed. */
export async function rewrite(
  page: Page,
  pattern: string,
  change: (body: { data: Record<string, unknown> }) => void,
) {
  await page.route(pattern, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    change(body);
    await route.fulfill({ response, json: body });
  });
}

export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

/** Opens a dashboard page and waits for its heading (the first visit loads several chunks). */
export async function visit(page: Page, path: string) {
  await page.goto(`/#${path}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
}
