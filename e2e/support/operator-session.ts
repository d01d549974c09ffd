import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

// Log-in steps for journeys that need an operator in the browser and a client through the API.
// One-time codes come from the dev outbox; each read waits for a message newer than `after`.
export const DEMO_PASSWORD = 'Demo-password-1';

export async function newestMessageId(api: APIRequestContext, to: string): Promise<string | undefined> {
  const outbox = await (await api.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json();
  return outbox.data[0]?.id;
}

export async function newestCode(api: APIRequestContext, to: string, after?: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const outbox = await (await api.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json();
      const newest = outbox.data[0];
      if (!newest || newest.id === after) return undefined;
      code = /\b(\d{6})\b/.exec(newest.text)?.[1];
      return code;
    })
    .toBeTruthy();
  return code as string;
}

/** A client's session through the API; answers the header that carries it. */
export async function clientHeaders(
  api: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<Record<string, string>> {
  const before = await newestMessageId(api, email);
  const step1 = await api.post('/api/auth/login', { data: { email, password } });
  expect(step1.status(), await step1.text()).toBe(200);
  const { challenge_id } = (await step1.json()).data;
  const step2 = await api.post('/api/auth/login/verify', {
    data: { challenge_id, code: await newestCode(api, email, before) },
  });
  expect(step2.status(), await step2.text()).toBe(200);
  return { authorization: `Bearer ${(await step2.json()).data.token}` };
}

/**
 * An operator logs in on the back office's page: the demo password and the e-mailed code
 * unless told otherwise (an authenticator's code, for an operator who enrolled one).
 */
export async function operatorLogIn(
  page: Page,
  email: string,
  options: { password?: string; code?: () => Promise<string> } = {},
) {
  await page.goto('/backoffice.html#/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(options.password ?? DEMO_PASSWORD);
  const before = await newestMessageId(page.request, email);
  await page.getByRole('button', { name: 'Continue' }).click();
  // The code is sent once the password step has answered: read it only then.
  const codeField = page.getByLabel('One-time code');
  await expect(codeField).toBeVisible();
  await codeField.fill(await (options.code?.() ?? newestCode(page.request, email, before)));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('operator-email')).toHaveText(email);
  // The start page forwards to the operator's first section: done only once it has, so a journey
  // that reads the URL next reads where the operator stays.
  await expect(page).not.toHaveURL(/#\/(login)?$/);
}

/** An operator's session through the API (demo operators get their codes by e-mail). */
export async function operatorHeaders(
  api: APIRequestContext,
  email: string,
): Promise<Record<string, string>> {
  const before = await newestMessageId(api, email);
  const step1 = await api.post('/api/backoffice/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(step1.status(), await step1.text()).toBe(200);
  const { challenge_id } = (await step1.json()).data;
  const step2 = await api.post('/api/backoffice/auth/login/verify', {
    data: { challenge_id, code: await newestCode(api, email, before) },
  });
  expect(step2.status(), await step2.text()).toBe(200);
  return { 'x-operator-token': (await step2.json()).data.token };
}
