import { beforeAll, describe, expect, it } from 'vitest';
import { useDemoWorld } from '../../testing/demo-world';
import {
  DEMO_PASSWORD,
  expectProblem,
  logIn,
  pngAttachment,
  type Session,
} from '../../testing/onboarding-helpers';
import { checkAttachments, databaseStorage, storeAttachments } from '../attachments';

// A client's full record for review and its documents, downloaded (images also drawn in the page)
// (docs/requirements/back-office.md).
describe('back-office client record and documents', () => {
  const { test, sessions } = useDemoWorld({
    sessions: { compliance: ['compliance@demo.test', true], support: ['support@demo.test', true] },
  });
  let business: string;
  let privateClient: string;
  beforeAll(async () => {
    const rows = await test.db.query<{ id: string; email: string }>('SELECT id, email FROM clients');
    business = rows.find((row) => row.email === 'business@demo.test')?.id ?? '';
    privateClient = rows.find((row) => row.email === 'private@demo.test')?.id ?? '';
  });

  const get = (url: string, session: Session) =>
    test.app.inject({ method: 'GET', url, headers: session.headers });
  const storeCompanyImage = async (clientId: string) => {
    const files = await checkAttachments([pngAttachment('REGISTRY_EXTRACT')]);
    const owner = { clientId, purpose: 'company_document', uploadedBy: 'client' } as const;
    const [attachmentId] = await storeAttachments(test.db, databaseStorage, owner, files);
    const [row] = await test.db.query<{ id: string }>(
      `INSERT INTO client_documents (client_id, kind, attachment_id) VALUES ($1, 'REGISTRY_EXTRACT', $2) RETURNING id`,
      [clientId, attachmentId],
    );
    return row?.id;
  };

  it('shows company data, related persons, update flags and decisions', async () => {
    const record = await get(`/api/backoffice/clients/${business}`, sessions.support);
    expect(record.statusCode, record.body).toBe(200);
    const data = record.json().data;
    expect(data.company_profile.company_structure).toEqual([
      { type: 'DIRECTOR', first_name: 'Sam', last_name: 'Taylor', ownership_percent: 100 },
    ]);
    expect(data.company_profile.activity_types).toEqual(['TRADE']);
    // Everything the company saved reaches the officer, not only the fields the record once knew.
    expect(data.company_profile.client_info).toEqual({
      website: 'https://northwind.example',
      legal_form: 'Private limited company',
      tax_residence: 'GB',
      registration_date: '2015-03-12',
      registration_number: '12345678',
      business_description: 'Wholesale of office supplies in the UK and EU',
      expected_monthly_turnover: { amount: 5_000_000, currency: 'EUR' },
    });
    expect(data.update_require).toEqual({
      activity_require: false,
      address_require: false,
      client_info_require: false,
      partners_require: false,
    });
    expect(data.reviews).toEqual([]);
    expect(data.accounts.map((account: { currency: string }) => account.currency)).toContain('EUR');
    expect(data.accounts[0]).toMatchObject({
      iban: expect.stringMatching(/^GB\d{2}/),
      balance: expect.any(Number),
    });
    expect(data.accounts[0]).not.toHaveProperty('ledger_account_id');
    expect(data.client).not.toHaveProperty('password_hash');
    const update = await test.app.inject({
      method: 'POST',
      url: `/api/backoffice/clients/${business}/request_update`,
      headers: sessions.compliance.headers,
      payload: { flags: ['partners_require'], reason: 'New partners this year?' },
    });
    expect(update.statusCode).toBe(200);
    const after = (await get(`/api/backoffice/clients/${business}`, sessions.support)).json().data;
    expect(after.update_require.partners_require).toBe(true);
    expect(after.reviews[0]).toMatchObject({
      action: 'data_update_requested',
      reason: 'New partners this year?',
      operator_email: 'compliance@demo.test',
    });
  });

  it('lists clients in a status and found by a search newest first, the later id first at a tie', async () => {
    const listed = async (query: string) =>
      ((await get(`/api/backoffice/applications?${query}`, sessions.support)).json().data as { id: string }[])
        .map((row) => row.id)
        .filter((id) => id === business || id === privateClient);
    await test.db.query(`UPDATE clients SET created_at = now() - interval '1 day' WHERE id = $1`, [
      privateClient,
    ]);
    await test.db.query('UPDATE clients SET created_at = now() WHERE id = $1', [business]);
    for (const query of ['status=APPROVED', 'q=demo.test'])
      expect(await listed(query), query).toEqual([business, privateClient]);
    await test.db.query('UPDATE clients SET created_at = now() WHERE id IN ($1, $2)', [
      business,
      privateClient,
    ]);
    for (const query of ['status=APPROVED', 'q=demo.test'])
      expect(await listed(query), query).toEqual([business, privateClient].sort().reverse());
  });

  // What an operator opens is a client's upload: it is only ever downloaded, in a sandbox that
  // runs nothing, and only an image is drawn in the page (decision 0044).
  const expectSandboxedDownload = (response: { headers: Record<string, unknown> }, name: string) => {
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
    expect(response.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${name}"`));
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toMatch(/^sandbox;/);
    expect(policy).not.toMatch(/allow-|script-src/);
  };

  it('serves a PDF as a sandboxed download only, and an image for an <img> the same way', async () => {
    const [document] = (await get(`/api/backoffice/clients/${business}`, sessions.compliance)).json().data
      .documents;
    const download = await get(
      `/api/backoffice/clients/${business}/documents/${document.id}`,
      sessions.compliance,
    );
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expectSandboxedDownload(download, 'certificate-of-incorporation\\.pdf');
    expect(download.body.startsWith('%PDF-')).toBe(true);
    expectProblem(
      await get(`/api/backoffice/clients/${business}/documents/${document.id}/view`, sessions.compliance),
      415,
      'not_viewable_inline',
    );
    const image = await storeCompanyImage(business);
    const view = await get(
      `/api/backoffice/clients/${business}/documents/${image}/view`,
      sessions.compliance,
    );
    expect(view.statusCode, view.body).toBe(200);
    expect(view.headers['content-type']).toBe('image/png');
    expectSandboxedDownload(view, 'REGISTRY_EXTRACT\\.png');

    // Support reads the record but not the documents; another client's id finds nothing.
    expectProblem(
      await get(`/api/backoffice/clients/${business}/documents/${document.id}/view`, sessions.support),
      403,
    );
    expectProblem(
      await get(
        `/api/backoffice/clients/${privateClient}/documents/${document.id}/view`,
        sessions.compliance,
      ),
      404,
    );
    expectProblem(
      await get(`/api/backoffice/clients/${business}/documents/not-a-uuid/view`, sessions.compliance),
      400,
    );
    const client = await logIn(test.app, 'business@demo.test', DEMO_PASSWORD);
    expectProblem(
      await test.app.inject({
        method: 'GET',
        url: `/api/backoffice/clients/${business}/documents/${document.id}/view`,
        headers: client.headers,
      }),
      401,
    );
  });
});
