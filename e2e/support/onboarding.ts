import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { CLIENT_PASSWORD, PNG } from './new-client';

// The onboarding journeys' shared steps in the browser: sign-up, e-mail confirmation, log-in
// with the second factor, step-up, phone verification and file uploads. Codes and links come
// from the demo outbox, as a tester would read them; a code is told from an earlier one by the
// number of messages before it.
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

// Unique per run, so a retry against the same server starts a new client.
export const run = Date.now().toString(36);
export const uniquePhone = () => `+4479110${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;

type Message = { subject: string; text: string; created_at: string };

/** The newest message to `to` that `matches`, waiting for the outbox to receive it. */
export async function messageTo(request: APIRequestContext, to: string, matches: RegExp): Promise<Message> {
  let found: Message | undefined;
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const messages: Message[] = (await answer.json()).data;
        found = messages.find((message) => matches.test(`${message.subject}\n${message.text}`));
        return Boolean(found);
      },
      { message: `a message to ${to} matching ${matches}` },
    )
    .toBe(true);
  return found as Message;
}

/** The logged-in client's record, read with the browser's own session cookie. */
export async function clientStatus(page: Page): Promise<string> {
  const answer = await page.request.get('/api/client/data');
  return (await answer.json()).data.status;
}

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

/** Messages already in the outbox, so a later code is told from an earlier one. */
export async function outboxSize(request: APIRequestContext, to: string): Promise<number> {
  const answer = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return (await answer.json()).data.length;
}

export async function newCode(request: APIRequestContext, to: string, before: number): Promise<string> {
  await expect.poll(() => outboxSize(request, to)).toBeGreaterThan(before);
  const answer = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return codeIn((await answer.json()).data[0].text);
}

export async function pickCountry(page: Page, label: string, name: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
}

export async function confirmEmail(page: Page, request: APIRequestContext, email: string) {
  const message = await messageTo(request, email, /confirm your e-mail/);
  const link = /(http\S+#\/confirm\/email\?hash=\S+)/.exec(message.text)?.[1] ?? '';
  // The server listens on a random port, so follow the link's page, not its host.
  await page.goto(`/${new URL(link).hash}`);
  await expect(page.getByText('your e-mail address is confirmed')).toBeVisible();
  await page.getByRole('link', { name: 'Log in', exact: true }).last().click();
  await expect(page).toHaveURL(/#\/en\/login$/);
}

/** Fills the log-in page that is open: password, then the code sent to `codeTo`. */
export async function logIn(
  page: Page,
  request: APIRequestContext,
  email: string,
  codeTo = email,
  password = CLIENT_PASSWORD,
) {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  const before = await outboxSize(request, codeTo);
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = await newCode(request, codeTo, before);
  await page.getByRole('textbox', { name: /Code from the/ }).fill(code);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Step-up before a security setting changes: ask for a code by the current channel and type it in. */
export async function stepUp(page: Page, request: APIRequestContext, codeTo: string, ask: string) {
  const before = await outboxSize(request, codeTo);
  await page.getByRole('button', { name: ask }).click();
  await page.getByLabel('Confirmation code').fill(await newCode(request, codeTo, before));
}

export async function verifyPhone(page: Page, request: APIRequestContext, phone: string) {
  await expect(page).toHaveURL(/#\/dashboard\/phone-verification$/);
  const before = await outboxSize(request, phone);
  await page.getByRole('button', { name: 'Send the code' }).click();
  await page.getByLabel('Code from the SMS').fill(await newCode(request, phone, before));
  await page.getByRole('button', { name: 'Verify' }).click();
}

export async function chooseFile(
  page: Page,
  label: string | RegExp,
  name: string,
  buffer: Buffer,
  mimeType: string,
) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: label }).click();
  await (await chooser).setFiles({ name, mimeType, buffer });
}

export async function noSideways(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** Sends the identification page that is open: a front, a selfie and the two dates. */
export async function sendIdentification(page: Page, dateOfBirth: string) {
  await chooseFile(page, /Document: front/, 'front.png', PNG, 'image/png');
  await chooseFile(page, /Selfie/, 'selfie.png', PNG, 'image/png');
  await page.getByLabel(/^Date of birth/).fill(dateOfBirth);
  await page.getByLabel(/^Document valid until/).fill('01-01-2034');
  await page.getByRole('button', { name: 'Send for checking' }).click();
  await expect(page.getByText('We are checking your documents')).toBeVisible();
}

/** The compliance officer approves the client's identification waiting for review. */
export async function approvePendingIdentification(
  request: APIRequestContext,
  operator: Record<string, string>,
  clientId: string,
) {
  const detail = await (
    await request.get(`/api/backoffice/clients/${clientId}`, { headers: operator })
  ).json();
  const pending = detail.data.identifications.find((row: { status: string }) => row.status === 'PENDING');
  const approved = await request.post(`/api/backoffice/identifications/${pending.id}/approve`, {
    headers: operator,
    data: {},
  });
  expect(approved.ok(), await approved.text()).toBe(true);
}
