import { expect, seriousViolations, test } from '../fixtures';
import { logIn, sidebar, visit } from '../support/dashboard';
import { chooseFile, noSideways, PDF, pickCountry } from '../support/onboarding';
import { operatorHeaders } from '../support/operator-session';

// The settings pages of a business client (docs/requirements/settings.md) at phone width: the
// company's details, a partner in a high-risk country (then removed again), two directors with
// identity documents (a PDF and a JPEG), a contact person on the Contacts page, a related client,
// then an operator's request for an activity update, answered and accepted.
const BUSINESS = 'business@demo.test';
// A real 16x12 JPEG, as a phone would send (the API re-encodes it without metadata).
const JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAMABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCcAJOH/9k=',
  'base64',
);

test('a business client keeps its company profile up to date, and an update asked for is accepted', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 375, height: 800 });
  await logIn(page, BUSINESS);

  await visit(page, '/dashboard/settings/client-info');
  await page.getByLabel('Registration number').fill('01234567');
  await page.getByLabel('Legal form').fill('Private limited company');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  await noSideways(page, 'client info');

  await visit(page, '/dashboard/settings/addresses');
  await page.getByLabel('Street and house number').fill('2 Park Row');
  await page.getByLabel('City').fill('Leeds');
  await page.getByLabel('Postcode').fill('LS1 5HD');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('cell', { name: /2 Park Row/ })).toBeVisible();

  await visit(page, '/dashboard/settings/partners/new');
  await page.getByLabel('Partner name').fill('Lagos Supplies');
  await pickCountry(page, 'Country', 'Nigeria');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/partners\/incoming$/);
  await expect(page.getByText('High-risk country')).toBeVisible();
  await page.getByRole('button', { name: 'Remove Lagos Supplies' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('cell', { name: 'Lagos Supplies' })).toHaveCount(0);
  await noSideways(page, 'incoming partners');

  for (const [first, file] of [
    ['Ada', { name: 'passport.pdf', buffer: PDF, mime: 'application/pdf' }],
    ['Grace', { name: 'id-card.jpg', buffer: JPEG, mime: 'image/jpeg' }],
  ] as const) {
    await visit(page, '/dashboard/settings/related-persons/new');
    await page.getByLabel('First name').fill(first);
    await page.getByLabel('Last name').fill('Director');
    await page.getByLabel('Date of birth').fill('10-12-1985');
    await pickCountry(page, 'Nationality', 'United Kingdom');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/related-persons\/[0-9a-f-]{36}$/);
    await page.getByRole('link', { name: 'Identity document' }).click();
    await chooseFile(page, /^Document$/, file.name, file.buffer, file.mime);
    await page.getByRole('button', { name: 'Upload the document' }).click();
    await expect(page.getByText('Uploaded.', { exact: true })).toBeVisible();
  }
  await visit(page, '/dashboard/settings/related-persons');
  await expect(page.getByRole('link', { name: 'Ada Director' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Grace Director' })).toBeVisible();
  await noSideways(page, 'related persons');
  expect(await seriousViolations(page)).toEqual([]);

  // The Contacts tile leads to the contacts, the Security tile to the log-in codes.
  await visit(page, '/dashboard/settings');
  await page.getByRole('link', { name: /^Security and log-in codes/ }).click();
  await expect(page).toHaveURL(/settings\/security$/);
  await visit(page, '/dashboard/settings');
  await page.getByRole('link', { name: /^Contacts/ }).click();
  await expect(page).toHaveURL(/settings\/contacts$/);
  await expect(page.getByText(BUSINESS)).toBeVisible();
  await page.getByLabel(/^Name/).fill('Grace Hopper');
  await page.getByLabel(/^E-mail/).fill('grace@example.com');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  await noSideways(page, 'contacts');

  // A related client is named, answered without saying whether it banks with us, and opened.
  await visit(page, '/dashboard/settings/related-clients/new');
  await page.getByLabel(/^The client's e-mail/).fill('sister@example.com');
  await page.getByRole('combobox', { name: 'Relationship' }).click();
  await page.getByRole('option', { name: 'Affiliated company' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('link', { name: 'sister@example.com' }).click();
  await expect(page).toHaveURL(/related-clients\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Affiliated company')).toBeVisible();
  await noSideways(page, 'related client');

  // An operator asks for an activity update: the client is sent to update-info once. On a
  // desktop width, where the sidebar and its red mark are always in view.
  await page.setViewportSize({ width: 1280, height: 800 });
  const operator = await operatorHeaders(request, 'compliance@demo.test');
  const clientId = (await (await page.request.get('/api/client/data')).json()).data.id;
  const asked = await request.post(`/api/backoffice/clients/${clientId}/request_update`, {
    headers: operator,
    data: { flags: ['activity_require'], reason: 'Please confirm what the company does' },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  await logIn(page, BUSINESS, { fresh: true });
  await page.goto('/#/dashboard');
  await page.reload();
  await expect(page).toHaveURL(/update-info$/);
  await page.getByRole('link', { name: 'Your business activities' }).click();
  await expect(page).toHaveURL(/settings\/activity-types$/);
  const activities = page.getByRole('combobox', { name: 'Activities' });
  await activities.click();
  await page.getByRole('option', { name: 'Manufacturing', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  await expect(sidebar(page).getByTestId('settings-attention')).toBeVisible();
  await page.goto('/#/dashboard/update-info');
  await page.getByLabel('I confirm that my details are up to date').check();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
  // Not sent back to update-info in this session.
  await visit(page, '/dashboard/settings');
  await expect(page).toHaveURL(/settings$/);

  const accepted = await request.post(`/api/backoffice/clients/${clientId}/accept_update`, {
    headers: operator,
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(sidebar(page).getByTestId('settings-attention')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('a file goes both ways in Messages, and the client confirms the answer settled it', async ({
  page,
  request,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await logIn(page, BUSINESS);
  const opened = await page.request.post('/api/client/tickets', {
    data: { subject: 'Invoice copy', message: 'Could you send the invoice again?' },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const ticketId = (await opened.json()).data.id;
  await visit(page, `/dashboard/tickets/${ticketId}`);
  await page.getByLabel('Your reply').fill('Here is our order form');
  await chooseFile(page, 'Attach a file (optional)', 'order.pdf', PDF, 'application/pdf');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('link', { name: 'order.pdf' })).toBeVisible();

  const operator = await operatorHeaders(request, 'support@demo.test');
  const answered = await request.post(`/api/backoffice/tickets/${ticketId}/messages`, {
    headers: operator,
    data: {
      message: 'The invoice is attached',
      attachments: {
        name: 'invoice.jpg',
        type: 'invoice',
        mime: 'image/jpeg',
        size: JPEG.length,
        data: JPEG.toString('base64'),
      },
    },
  });
  expect(answered.status(), await answered.text()).toBe(201);
  await page.reload();
  const invoice = page.getByRole('link', { name: 'invoice.jpg' });
  await expect(invoice).toBeVisible();
  const download = await page.request.get((await invoice.getAttribute('href')) ?? '');
  expect(download.headers()['content-disposition']).toMatch(/^attachment;/);
  await page.getByRole('link', { name: /Confirm or reopen/ }).click();
  await expect(page).toHaveURL(/confirm$/);
  await page.getByRole('button', { name: 'Yes, it is solved' }).click();
  await expect(page.getByText('Thank you: the conversation is closed.')).toBeVisible();
  await noSideways(page, 'ticket confirmation');
  expect(consoleErrors).toEqual([]);
});

test('a private client sees its identity document on file, masked, and its contacts at phone width', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await logIn(page, 'private@demo.test');
  await visit(page, '/dashboard/settings/identification');
  await expect(page.getByText('Identity document on file')).toBeVisible();
  await expect(page.getByText('•••••1372')).toBeVisible();
  await expect(page.getByText('30-06-2031')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send for checking' })).toBeVisible();
  await noSideways(page, 'identification');
  await visit(page, '/dashboard/settings/contacts');
  await expect(page.getByText('private@demo.test')).toBeVisible();
  // Each log-in contact has its own Change (the journey is contact-change.spec.ts).
  await expect(page.getByRole('button', { name: 'Change the log-in e-mail address' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change the log-in phone number' })).toBeVisible();
  await expect(page.getByText('Contact persons')).toHaveCount(0);
  await noSideways(page, 'contacts');
  expect(consoleErrors).toEqual([]);
});
