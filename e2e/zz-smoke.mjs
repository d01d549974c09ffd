import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3199';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const [w, h, tag] of [[375, 812, 'm'], [1280, 900, 'd']]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  await page.goto(`${base}/#/en/login`);
  await page.getByLabel('E-mail address').fill('private@demo.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(process.env.PW);
  const before = (await (await page.request.get(`${base}/api/dev/outbox?to=private@demo.test`)).json()).data.length;
  await page.getByRole('button', { name: 'Continue' }).click();
  let code;
  for (let i = 0; i < 50 && !code; i++) {
    const list = (await (await page.request.get(`${base}/api/dev/outbox?to=private@demo.test`)).json()).data;
    if (list.length > before) code = (list[0].body || list[0].text || JSON.stringify(list[0])).match(/\b(\d{6})\b/)?.[1];
    else await page.waitForTimeout(200);
  }
  await page.getByRole('textbox', { name: /Code from the/ }).fill(code);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL(/#\/dashboard/);
  await page.goto(`${base}/#/dashboard/settings/contacts`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shots/contacts-${tag}.png`, fullPage: true });
  await page.getByRole('button', { name: /Change/ }).first().click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shots/contacts-change-${tag}.png` });
  await page.close();
}
await browser.close();
