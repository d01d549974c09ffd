import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../seed/seed-demo-data';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import {
  clientData,
  DEMO_PASSWORD,
  expectProblem,
  lastMessage,
  logIn,
  passportIdentification,
  type Session,
  signUpAndConfirm,
  verifyPhone,
} from '../../testing/onboarding-helpers';

// The onboarding journeys of docs/requirements/onboarding.md through the API: a private client from
// sign-up to APPROVED, a business client to ON_APPROVAL, and who may see and decide what on the
// way.
describe('onboarding journey', () => {
  let test: TestApp;
  let compliance: Session;
  let support: Session;
  beforeAll(async () => {
    test = await buildTestApp();
    await seedDemoData(test.db, { publicUrl: 'http://localhost:3000' });
    compliance = await logIn(test.app, 'compliance@demo.test', DEMO_PASSWORD, true);
    support = await logIn(test.app, 'support@demo.test', DEMO_PASSWORD, true);
  });
  afterAll(async () => test.close());

  const inject = (options: InjectOptions) => test.app.inject(options);

  it('takes a private client from sign-up to APPROVED', async () => {
    const { app } = test;
    await signUpAndConfirm(app, 'ada@example.test', { phone: '+447911000001' });
    const session = await logIn(app, 'ada@example.test');
    expect(await clientData(app, session)).toMatchObject({
      status: 'NEW',
      email_confirmed: true,
      phone_verified: false,
      name: 'Ada Lovelace',
      type: 'PRIVATE',
    });

    await verifyPhone(app, session, '+447911000001');
    expect(await clientData(app, session)).toMatchObject({
      status: 'VERIFIED',
      ondato_required: true,
      phone_verified: true,
    });

    const upload = await inject({
      method: 'POST',
      url: '/api/client/identification',
      headers: session.headers,
      payload: passportIdentification(),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    expect(await clientData(app, session)).toMatchObject({
      ondato_has_active_identification: true,
      documentsCount: 2,
    });

    const queue = await inject({
      method: 'GET',
      url: '/api/backoffice/applications?status=VERIFIED',
      headers: compliance.headers,
    });
    const listed = queue.json().data.find((row: { email: string }) => row.email === 'ada@example.test');
    expect(listed).toMatchObject({ name: 'Ada Lovelace', status: 'VERIFIED' });
    const review = await inject({
      method: 'GET',
      url: `/api/backoffice/clients/${listed.id}`,
      headers: compliance.headers,
    });
    const submission = review.json().data.identifications[0];
    const approved = await inject({
      method: 'POST',
      url: `/api/backoffice/identifications/${submission.id}/approve`,
      headers: compliance.headers,
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await clientData(app, session)).toMatchObject({
      status: 'ON_APPROVAL',
      ondato_required: false,
      ondato_has_active_identification: false,
      has_processed_ondato_identification: true,
      has_legal_address: false,
    });

    const early = await inject({
      method: 'POST',
      url: `/api/backoffice/clients/${listed.id}/approve`,
      headers: compliance.headers,
      payload: {},
    });
    expectProblem(early, 409, 'application_not_submitted');

    const address = await inject({
      method: 'POST',
      url: '/api/client/address',
      headers: session.headers,
      payload: { country: 'GB', city: 'London', address: '12 Example Road', postcode: 'N1 9GU' },
    });
    expect(address.json().data.status).toBe('application_submitted');
    expect(await clientData(app, session)).toMatchObject({
      status: 'ON_APPROVAL',
      has_legal_address: true,
      profile_complete: true,
      addressesCount: 1,
    });

    const decision = await inject({
      method: 'POST',
      url: `/api/backoffice/clients/${listed.id}/approve`,
      headers: compliance.headers,
      payload: { reason: 'All checks passed' },
    });
    expect(decision.statusCode, decision.body).toBe(200);
    expect(await clientData(app, session)).toMatchObject({
      status: 'APPROVED',
      approved: true,
      payment_types: ['sepa', 'faster_pay', 'internal', 'international'],
    });
    expect((await lastMessage(app, 'ada@example.test')).subject).toMatch(/account is open/);

    const audit = await test.db.query<{ action: string; actor_type: string }>(
      `SELECT action, actor_type FROM audit_log WHERE object_id = $1 ORDER BY id`,
      [listed.id],
    );
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        'client.signed_up',
        'client.phone_verified',
        'operator.identification_approved',
        'client.application_submitted',
        'operator.application_approved',
        'client.approval_hook_ran',
      ]),
    );
  });

  it('takes a business client to ON_APPROVAL once all seven sections are in', async () => {
    const { app } = test;
    const signUp = await inject({
      method: 'POST',
      url: '/api/auth/signup/business',
      payload: {
        company_name: 'Engines Ltd',
        registration_number: '09876543',
        country: 'GB',
        contact_person: 'Charles Babbage',
        email: 'ops@engines.test',
        phone: '+447911000002',
        password: 'Strong-pass-1',
        password_confirmation: 'Strong-pass-1',
      },
    });
    expect(signUp.statusCode, signUp.body).toBe(202);
    const hash = /hash=([\w-]+)/.exec((await lastMessage(app, 'ops@engines.test')).text)?.[1];
    await inject({ method: 'POST', url: '/api/auth/confirm_email', payload: { hash } });
    const session = await logIn(app, 'ops@engines.test');
    await verifyPhone(app, session, '+447911000002');
    expect(await clientData(app, session)).toMatchObject({
      status: 'VERIFIED',
      name: 'Engines Ltd',
      ondato_required: false,
    });

    const profile = await inject({
      method: 'POST',
      url: '/api/client/company_profile',
      headers: session.headers,
      payload: {
        legal_address: { country: 'GB', city: 'Cambridge', address: '1 Station Road', postcode: 'CB1 2JD' },
        activity_types: ['MANUFACTURING'],
        client_info: {
          business_description: 'We build difference engines',
          expected_monthly_turnover: { amount: 1_000_000, currency: 'EUR' },
        },
        incoming_partners: [{ name: 'Analytical Co', country: 'DE' }],
        outgoing_partners: [{ name: 'Gears SARL', country: 'FR' }],
        company_structure: [
          { type: 'DIRECTOR', first_name: 'Charles', last_name: 'Babbage', ownership_percent: 100 },
        ],
      },
    });
    expect(profile.json().data.status).toBe('saved');
    expect((await clientData(app, session)).has_document).toBe(false);
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const documents = await inject({
      method: 'POST',
      url: '/api/client/company_documents',
      headers: session.headers,
      payload: {
        attachments: {
          name: 'cert.pdf',
          type: 'CERTIFICATE_OF_INCORPORATION',
          mime: 'application/pdf',
          size: pdf.length,
          data: pdf.toString('base64'),
        },
      },
    });
    expect(documents.json().data.status).toBe('application_submitted');
    expect(await clientData(app, session)).toMatchObject({
      status: 'ON_APPROVAL',
      profile_complete: true,
      has_document: true,
      has_company_structure: true,
    });
  });

  it("never shows one client's documents to another (404)", async () => {
    const { app } = test;
    const owner = await logIn(app, 'ada@example.test');
    const [document] = (
      await inject({ method: 'GET', url: '/api/client/documents', headers: owner.headers })
    ).json().data;
    const mine = await inject({
      method: 'GET',
      url: `/api/client/documents/${document.id}`,
      headers: owner.headers,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-disposition']).toMatch(
      /^attachment; filename="(front|selfie)\.png"; filename\*=UTF-8''/,
    );
    expect(mine.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'content-type': 'image/png',
    });
    const other = await logIn(app, 'private@demo.test', DEMO_PASSWORD);
    expectProblem(
      await inject({ method: 'GET', url: `/api/client/documents/${document.id}`, headers: other.headers }),
      404,
    );
  });

  it('keeps operator routes to operators with the right role', async () => {
    const { app } = test;
    const client = await logIn(app, 'private@demo.test', DEMO_PASSWORD);
    const list = '/api/backoffice/applications';
    expectProblem(await inject({ method: 'GET', url: list }), 401);
    expectProblem(await inject({ method: 'GET', url: list, headers: client.headers }), 401);
    expectProblem(
      await inject({ method: 'GET', url: list, headers: { 'x-operator-token': client.token } }),
      401,
    );
    expectProblem(
      await inject({
        method: 'GET',
        url: '/api/client/data',
        headers: { authorization: `Bearer ${support.token}` },
      }),
      401,
    );
    expect((await inject({ method: 'GET', url: list, headers: support.headers })).statusCode).toBe(200);
    const payments = await logIn(app, 'payments@demo.test', DEMO_PASSWORD, true);
    expectProblem(
      await inject({ method: 'GET', url: list, headers: payments.headers }),
      403,
      'forbidden_role',
    );
    // The demo seed has its own client waiting (pending@demo.test): pick this journey's.
    const business = (
      await inject({ method: 'GET', url: `${list}?status=ON_APPROVAL`, headers: support.headers })
    )
      .json()
      .data.find((row: { email: string }) => row.email === 'ops@engines.test');
    expectProblem(
      await inject({
        method: 'POST',
        url: `/api/backoffice/clients/${business.id}/approve`,
        headers: support.headers,
        payload: {},
      }),
      403,
      'forbidden_role',
    );
    const detail = (
      await inject({ method: 'GET', url: `/api/backoffice/clients/${business.id}`, headers: support.headers })
    ).json().data;
    const documentUrl = `/api/backoffice/clients/${business.id}/documents/${detail.documents[0].id}`;
    expectProblem(await inject({ method: 'GET', url: documentUrl, headers: support.headers }), 403);
    expect((await inject({ method: 'GET', url: documentUrl, headers: compliance.headers })).statusCode).toBe(
      200,
    );
    const admin = await logIn(app, 'admin@demo.test', DEMO_PASSWORD, true);
    const reject = await inject({
      method: 'POST',
      url: `/api/backoffice/clients/${business.id}/reject`,
      headers: admin.headers,
      payload: {},
    });
    expectProblem(reject, 422, 'reason_required');
    const update = await inject({
      method: 'POST',
      url: `/api/backoffice/clients/${business.id}/request_update`,
      headers: admin.headers,
      payload: { flags: ['address_require'], reason: 'Please confirm your trading address' },
    });
    expect(update.statusCode, update.body).toBe(200);
  });

  it('asks for a data update and takes the answer', async () => {
    const { app } = test;
    const business = (
      await inject({
        method: 'GET',
        url: '/api/backoffice/applications?status=ON_APPROVAL',
        headers: support.headers,
      })
    )
      .json()
      .data.find((row: { email: string }) => row.email === 'ops@engines.test');
    expect(business?.email).toBe('ops@engines.test');
    expect((await lastMessage(app, 'ops@engines.test')).text).toContain(
      'Reason: Please confirm your trading address',
    );
    const session = await logIn(app, 'ops@engines.test');
    expect(
      (await inject({ method: 'GET', url: '/api/client/update_require', headers: session.headers })).json()
        .data,
    ).toEqual({
      activity_require: false,
      address_require: true,
      client_info_require: false,
      partners_require: false,
    });
    const withoutAddress = await inject({
      method: 'POST',
      url: '/api/client/update_info',
      headers: session.headers,
      payload: { confirm_current: true },
    });
    expectProblem(withoutAddress, 422, 'address_required');
    const answered = await inject({
      method: 'POST',
      url: '/api/client/update_info',
      headers: session.headers,
      payload: {
        confirm_current: true,
        address: { country: 'GB', city: 'Cambridge', address: '2 Station Road', postcode: 'CB1 2JD' },
      },
    });
    expect(answered.json().data).toMatchObject({
      client_data_update_required: false,
      update_required: false,
    });
  });
});
