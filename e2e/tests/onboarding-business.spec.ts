import { expect, test } from '../fixtures';
import { applicationOf, CLIENT_PASSWORD as PASSWORD } from '../support/new-client';
import {
  approvePendingIdentification,
  chooseFile,
  clientStatus,
  confirmEmail,
  logIn,
  noSideways,
  PDF,
  pickCountry,
  run,
  sendIdentification,
  uniquePhone,
  verifyPhone,
} from '../support/onboarding';
import { operatorHeaders } from '../support/operator-session';

// A business client's sign-up in the browser at phone width, up to the company steps and review.

test('a business client signs up and completes the company steps up to review', async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = `ops.${run}@engines.test`;
  const phone = uniquePhone();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/#/en/business-account');
  await noSideways(page, 'business sign-up');
  await page.getByLabel('Company name').fill('Engines Ltd');
  await page.getByLabel('Registration number').fill('09876543');
  await pickCountry(page, 'Country of registration', 'United Kingdom');
  await page.getByLabel('Contact person').fill('Charles Babbage');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I accept the terms/ }).check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/#\/en\/confirm\?email=/, { timeout: 30_000 });

  await confirmEmail(page, request, email);
  await logIn(page, request, email);
  await verifyPhone(page, request, phone);
  // A VERIFIED business client has no forced step; the company steps are at /dashboard/verification.
  await expect(page).toHaveURL(/#\/dashboard$/);
  expect(await clientStatus(page)).toBe('VERIFIED');
  await page.goto('/#/dashboard/verification');
  await expect(page.getByTestId('client-name')).toHaveText('Engines Ltd');
  await noSideways(page, 'company registration');

  await page.getByLabel('Street and house number').fill('1 Station Road');
  await page.getByLabel('City').fill('Cambridge');
  await page.getByLabel('Postcode').fill('CB1 2JD');
  const activities = page
    .getByRole('combobox', { name: 'Business activities' })
    .or(page.getByRole('textbox', { name: 'Business activities' }));
  await activities.click();
  await page.getByRole('option', { name: 'Manufacturing', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel('What does the business do?').fill('We build difference engines');
  await page.getByLabel('Expected monthly turnover').fill('10 000');
  await page.getByLabel('Partner 1: name').first().fill('Analytical Co');
  // Incoming and outgoing partners each have a "Partner 1" row: fill them in turn.
  const partnerCountries = page.getByRole('combobox', { name: 'Partner 1: country' });
  for (const [index, country] of ['Germany', 'France'].entries()) {
    await partnerCountries.nth(index).click();
    await partnerCountries.nth(index).fill(country);
    await page.getByRole('option', { name: country, exact: true }).click();
  }
  await page.getByLabel('Partner 1: name').nth(1).fill('Gears SARL');
  await page.getByLabel('First name').fill('Charles');
  await page.getByLabel('Last name').fill('Babbage');
  await page.getByLabel('Ownership in % (if any)').fill('100');
  await page.getByRole('button', { name: 'Save these details' }).click();
  // Saved details do not come back as an empty form: the page says they are in, and what is left.
  await expect(page.getByText('Your company details are saved. What is left is below.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save these details' })).toHaveCount(0);
  await expect(page.getByText('Company documents: still to do')).toBeVisible();

  await chooseFile(page, /^Document$/, 'certificate.pdf', PDF, 'application/pdf');
  await page.getByRole('button', { name: 'Upload the document' }).click();
  // Registered, but what an approval needs is not all in: the identity check is missing, and
  // the application is not sent for review until it is approved. The registration and Home say so.
  await expect(page.getByText('Company documents: done')).toBeVisible();
  await expect(page.getByTestId('company-state')).toContainText('One step is left before we review it');
  expect(await clientStatus(page)).toBe('VERIFIED');
  await page.goto('/#/dashboard');
  await expect(page.getByTestId('application-state')).toContainText('Please verify your identity');
  await page.goto('/#/dashboard/verification');
  await page.getByRole('link', { name: 'Verify your identity' }).click();
  await expect(page).toHaveURL(/#\/dashboard\/identification$/);
  await sendIdentification(page, '26-12-1971');
  await page.goto('/#/dashboard/verification');
  await expect(page.getByTestId('company-state')).toContainText('We are checking your identity document');
  expect(await clientStatus(page)).toBe('VERIFIED');

  // The officer approves the identity check: now the application goes for review.
  const operator = await operatorHeaders(request, 'compliance@demo.test');
  const verified = await applicationOf(request, operator, email, 'VERIFIED');
  await approvePendingIdentification(request, operator, verified.id);
  expect(await clientStatus(page)).toBe('ON_APPROVAL');
  expect((await applicationOf(request, operator, email, 'ON_APPROVAL')).status).toBe('ON_APPROVAL');
  // The client comes back later: a new load reads the record afresh.
  await page.goto('about:blank');
  await page.goto('/#/dashboard');
  await expect(page.getByTestId('application-state')).toContainText('we are reviewing it');
});
