import { expect, seriousViolations, test } from '../fixtures';

// docs/requirements/public-site.md: every public page, in both languages, at desktop and 375 px
// wide: it renders a heading, logs no console error and never scrolls sideways.
const PAGES = [
  '',
  '/private',
  '/business',
  '/about',
  '/strategy',
  '/faq',
  '/contacts',
  '/card',
  '/escrowAccount',
  '/fees',
  '/privacy',
  '/terms-and-conditions',
];

for (const locale of ['en', 'de']) {
  for (const width of [1280, 375]) {
    test(`every public page renders in ${locale} at ${width} px`, async ({ page, consoleErrors }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const path of PAGES) {
        await page.goto(`/#/${locale}${path}`);
        await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
        await expect(page.locator('html'), path).toHaveAttribute('lang', locale === 'de' ? 'de-DE' : 'en-GB');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      }
      expect(consoleErrors).toEqual([]);
    });
  }
}

test('every public page has no serious or critical accessibility violations', async ({ page }) => {
  // One test walks every page and runs axe on each: minutes, not seconds, on a loaded machine.
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const found: string[] = [];
  for (const path of PAGES) {
    await page.goto(`/#/en${path}`);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    found.push(...(await seriousViolations(page)).map((violation) => `${path || '/'} ${violation}`));
  }
  expect(found).toEqual([]);
});

test('the first visit follows the browser language, and the choice is kept in a cookie', async ({
  browser,
  server,
}) => {
  const context = await browser.newContext({ locale: 'de-DE', baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/#/faq');
  await expect(page).toHaveURL(/#\/de\/faq$/);
  await page
    .getByRole('combobox', { name: /Sprache|Language/ })
    .first()
    .selectOption('en');
  await expect(page).toHaveURL(/#\/en\/faq$/);
  const cookie = (await context.cookies()).find((item) => item.name === 'bp__locale');
  expect(cookie?.value).toBe('en');
  expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 60 * 60);
  await page.goto('/#/');
  await expect(page).toHaveURL(/#\/en$/);
  await context.close();
});

test('the fees page shows the published tariff', async ({ page }) => {
  await page.goto('/#/en/fees');
  const accountFees = page.getByRole('table').first();
  await expect(accountFees.getByRole('row', { name: /Account opening/ })).toContainText('50.00 EUR');
  await expect(accountFees.getByRole('row', { name: /Account opening/ })).toContainText('800.00 EUR');
  await expect(page.getByRole('row', { name: /Outgoing SEPA payment/ })).toContainText('5.00 EUR');
  await expect(page.getByRole('row', { name: /Currency exchange/ })).toContainText('Market rate + 1.00%');
  await expect(page.getByRole('row', { name: /Holding fee/ })).toContainText('0.0833%');
});

test('the card waiting list stores an address with consent', async ({ page, request }) => {
  await page.goto('/#/en/card');
  await page.getByLabel('E-mail address').fill('cardfan@example.test');
  await page.getByRole('button', { name: 'Join the waiting list' }).click();
  await expect(page.getByText(/agree to be contacted/)).toBeVisible();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Join the waiting list' }).click();
  await expect(page.getByText('Thank you. We will write to you')).toBeVisible();
  const outbox = await (await request.get('/api/dev/outbox?to=cardfan@example.test')).json();
  expect(outbox.data).toHaveLength(1);
});

test('the unsubscribe link in an e-mail works with one click', async ({ page, request }) => {
  await request.post('/api/public/card-waitlist', { data: { email: 'bye@example.test', consent: true } });
  const outbox = await (await request.get('/api/dev/outbox?to=bye@example.test')).json();
  const link = /(http\S+#\/email-unsubscribe\?\S+)/.exec(outbox.data[0].text)?.[1];
  expect(link).toBeTruthy();
  // The server in tests listens on a random port, so follow the link's page, not its host.
  await page.goto(`/${new URL(link ?? '').hash}`);
  await expect(page).toHaveURL(/#\/(en|de)\/email-unsubscribe\?email=/);
  await page.getByRole('button', { name: /Unsubscribe|Abbestellen/ }).click();
  await expect(page.getByText(/bye@example.test/)).toBeVisible();
  await expect(page.getByRole('alert').or(page.locator('.mantine-Alert-root'))).toContainText(
    'bye@example.test',
  );
});
