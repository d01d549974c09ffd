import type { Page } from '@playwright/test';
import { expect, seriousViolations, test } from '../fixtures';
import { apiAccounts, logIn, PRIVATE } from '../support/dashboard';

// Every dashboard route of docs/requirements/public-site.md's route list, as the approved private and
// the approved business client, on a wide and a phone screen: each answers with a page of its
// own (or sends the client on where a guard says so), never the not-found or error page, shows
// no raw code of ours (DIRECTOR, ULTIMATE_BENEFICIAL_OWNER) and no validation library's text,
// and axe finds nothing serious or critical. The fixture fails the walk on any console error.
const BUSINESS = 'business@demo.test';
const WIDTHS = { wide: { width: 1280, height: 900 }, phone: { width: 375, height: 812 } } as const;
const SCHEMA_TEXT =
  /Invalid (input|enum value|type|literal)|Expected (string|number|object|array)|String must contain|Too (small|big): expected|Unrecognized key/;
const UNDERSCORED_CODE = /\b[A-Z][A-Z0-9]+(?:_[A-Z0-9]+)+\b/;

type Ids = Record<
  'account' | 'payment' | 'recipient' | 'ticket' | 'batch' | 'person' | 'relatedClient',
  string
>;

type Listed = { data?: { id: string }[] | { related_persons?: { id: string }[] } };

async function firstId(page: Page, url: string, pick: (body: Listed) => { id: string }[] | undefined) {
  const response = await page.request.get(url);
  if (!response.ok()) return '';
  return pick((await response.json()) as Listed)?.[0]?.id ?? '';
}

const list = (body: Listed) => (Array.isArray(body.data) ? body.data : undefined);

async function idsOf(page: Page): Promise<Ids> {
  const [account] = await apiAccounts(page);
  return {
    account: account?.id ?? '',
    payment: await firstId(page, '/api/client/payments?limit=1', list),
    recipient: await firstId(page, '/api/client/recipients', list),
    ticket: await firstId(page, '/api/client/tickets?page=1&limit=1', list),
    batch: await firstId(page, '/api/client/batches?page=1', list),
    person: await firstId(page, '/api/client/settings', (body) =>
      Array.isArray(body.data) ? undefined : body.data?.related_persons,
    ),
    relatedClient: await firstId(page, '/api/client/settings/related_clients', list),
  };
}

/** The spec's dashboard routes, with the ids the client has; a route needing an id it lacks is left out. */
function routes(ids: Ids): string[] {
  const person = ids.person && `/dashboard/settings/related-persons/${ids.person}`;
  const withId = (id: string, paths: string[]) => (id ? paths : []);
  return [
    '/dashboard',
    '/dashboard/accounts',
    ...withId(ids.account, [`/dashboard/accounts/${ids.account}`]),
    '/dashboard/accounts/exchange',
    '/dashboard/statements',
    '/dashboard/referral',
    '/dashboard/payments',
    ...withId(ids.payment, [`/dashboard/payments/${ids.payment}`, `/dashboard/payments/${ids.payment}/copy`]),
    '/dashboard/payments/type',
    '/dashboard/payments/recipients?type=sepa',
    '/dashboard/payments/batch',
    '/dashboard/payments/batch/new',
    ...withId(ids.batch, [`/dashboard/payments/batch/${ids.batch}`]),
    '/dashboard/recipients',
    '/dashboard/recipients/choose?type=faster_pay',
    '/dashboard/recipients/new',
    ...withId(ids.recipient, [`/dashboard/recipients/${ids.recipient}`]),
    '/dashboard/tickets',
    '/dashboard/tickets/new',
    ...withId(ids.ticket, [`/dashboard/tickets/${ids.ticket}`]),
    '/dashboard/escrow',
    '/dashboard/escrow/new',
    '/dashboard/identification',
    '/dashboard/address',
    '/dashboard/password-change',
    '/dashboard/update-info',
    '/dashboard/verification',
    '/dashboard/application',
    '/dashboard/settings',
    ...[
      'account-deactivation',
      'activity-types',
      'activity-types/new',
      'addresses',
      'client-info',
      'company-structure',
      'contacts',
      'security',
      'documents',
      'documents/new',
      'identification',
      'identification-documents',
      'identification-documents/new',
      'partners/incoming',
      'partners/outgoing',
      'partners/new',
      'related-clients',
      'related-clients/new',
      'related-persons',
      'related-persons/new',
    ].map((path) => `/dashboard/settings/${path}`),
    ...withId(ids.relatedClient, [`/dashboard/settings/related-clients/${ids.relatedClient}`]),
    ...withId(person, [
      person,
      `${person}/address`,
      `${person}/document`,
      `${person}/identification-document`,
      `${person}/wealth`,
      `${person}/${ids.person}/edit-wealth`,
    ]),
  ];
}

/** Every code of the metadata's lists whose name differs: none may reach the screen as it is. */
async function rawCodes(page: Page): Promise<Set<string>> {
  const meta = (await (await page.request.get('/api/meta')).json()).data as Record<string, unknown>;
  const codes = new Set<string>();
  for (const list of Object.values(meta)) {
    if (!Array.isArray(list)) continue;
    for (const item of list as { code?: unknown; name?: unknown }[]) {
      if (typeof item.code === 'string' && /^[A-Z_]{4,}$/.test(item.code) && item.code !== item.name)
        codes.add(item.code);
    }
  }
  return codes;
}

async function walkAs(page: Page, email: string, size: keyof typeof WIDTHS) {
  await page.setViewportSize(WIDTHS[size]);
  await logIn(page, email);
  const ids = await idsOf(page);
  const codes = await rawCodes(page);
  await page.goto('/#/dashboard');
  for (const path of routes(ids)) {
    await test.step(path, async () => {
      // Moved within the app as a client does; the page before is marked, so its heading can
      // never pass for the next page's (each page is mounted anew under the layout).
      await page.evaluate(() => {
        document.querySelectorAll('h1').forEach((element) => {
          element.setAttribute('data-left', '');
        });
      });
      await page.evaluate((to) => {
        window.location.hash = to;
      }, path);
      const heading = page.locator('h1:not([data-left])');
      await expect(heading, path).toBeVisible({ timeout: 20_000 });
      await expect(page.locator('.mantine-Loader-root'), `${path} finishes loading`).toHaveCount(0, {
        timeout: 15_000,
      });
      await expect.soft(heading, path).not.toHaveText(/could not be found|^Error|error page/);
      const text = await page.locator('body').innerText();
      expect.soft(SCHEMA_TEXT.exec(text)?.[0], `${path}: validation library text`).toBeUndefined();
      expect.soft(UNDERSCORED_CODE.exec(text)?.[0], `${path}: a code on screen`).toBeUndefined();
      const words = new Set(text.split(/[^A-Z_]+/));
      expect
        .soft(
          [...codes].filter((code) => words.has(code)),
          `${path}: codes on screen`,
        )
        .toEqual([]);
      expect.soft(await seriousViolations(page), `${path}: axe`).toEqual([]);
    });
  }
}

for (const [who, email] of [
  ['private', PRIVATE],
  ['business', BUSINESS],
] as const) {
  for (const size of ['wide', 'phone'] as const) {
    test(`every dashboard route as the ${who} client on a ${size} screen`, async ({ page }) => {
      test.setTimeout(300_000);
      await walkAs(page, email, size);
    });
  }
}
