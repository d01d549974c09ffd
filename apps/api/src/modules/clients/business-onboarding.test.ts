import { PRIVACY_VERSION, TERMS_VERSION } from '@bluepeak/core';
import { describe, expect, it } from 'vitest';
import {
  clientData,
  DEMO_PASSWORD,
  expectProblem,
  lastMessage,
  logIn,
  passportIdentification,
  verifyPhone,
} from '../../testing/onboarding-helpers';
import { useOnboardingWorld } from './testing/onboarding-world';

// A business client's onboarding through the API: to ON_APPROVAL once all seven sections are
// in and its identity check is approved; which operators may see and decide what on the way;
// and a data update asked and answered. The requirements: docs/requirements/onboarding.md.
describe('onboarding journey', () => {
  const { test, sessions, inject } = useOnboardingWorld();

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
        accept_terms: true,
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
    // Registered, but an approval also needs the identity check: not sent for review yet, so
    // nobody is told it is complete and an officer's approval cannot fail on it.
    expect(documents.json().data.status).toBe('saved');
    expect(await clientData(app, session)).toMatchObject({
      status: 'VERIFIED',
      profile_complete: true,
      has_document: true,
      has_company_structure: true,
      application_submitted: false,
    });
    const identification = await inject({
      method: 'POST',
      url: '/api/client/identification',
      headers: session.headers,
      payload: passportIdentification(),
    });
    expect(identification.statusCode, identification.body).toBe(201);
    expect(await clientData(app, session)).toMatchObject({
      status: 'VERIFIED',
      application_submitted: false,
    });
    const get = (url: string) => inject({ method: 'GET', url, headers: sessions.compliance.headers });
    const queue = await get('/api/backoffice/applications?status=VERIFIED');
    const listed = queue.json().data.find((row: { email: string }) => row.email === 'ops@engines.test');
    const record = await get(`/api/backoffice/clients/${listed.id}`);
    const approved = await inject({
      method: 'POST',
      url: `/api/backoffice/identifications/${record.json().data.identifications[0].id}/approve`,
      headers: sessions.compliance.headers,
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await clientData(app, session)).toMatchObject({
      status: 'ON_APPROVAL',
      application_submitted: true,
    });
    // Told in the same step as the approved identity check (both messages, in either order).
    const outbox = await inject({ method: 'GET', url: '/api/dev/outbox?to=ops%40engines.test' });
    const texts = outbox.json().data.map((message: { text: string }) => message.text);
    expect(texts.some((text: string) => text.includes('your application is complete'))).toBe(true);
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
        headers: { authorization: `Bearer ${sessions.support.token}` },
      }),
      401,
    );
    expect((await inject({ method: 'GET', url: list, headers: sessions.support.headers })).statusCode).toBe(
      200,
    );
    // The payments role opens client records (to credit and adjust), but not their documents.
    const payments = await logIn(app, 'payments@demo.test', DEMO_PASSWORD, true);
    expect((await inject({ method: 'GET', url: list, headers: payments.headers })).statusCode).toBe(200);
    // The demo seed has its own client waiting (pending@demo.test): pick this journey's.
    const business = (
      await inject({ method: 'GET', url: `${list}?status=ON_APPROVAL`, headers: sessions.support.headers })
    )
      .json()
      .data.find((row: { email: string }) => row.email === 'ops@engines.test');
    expectProblem(
      await inject({
        method: 'POST',
        url: `/api/backoffice/clients/${business.id}/approve`,
        headers: sessions.support.headers,
        payload: {},
      }),
      403,
      'forbidden_role',
    );
    const detail = (
      await inject({
        method: 'GET',
        url: `/api/backoffice/clients/${business.id}`,
        headers: sessions.support.headers,
      })
    ).json().data;
    // The sign-up recorded which terms and privacy policy it accepted, and when.
    expect(detail.terms_acceptance).toEqual({
      terms_version: TERMS_VERSION,
      privacy_version: PRIVACY_VERSION,
      accepted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const documentUrl = `/api/backoffice/clients/${business.id}/documents/${detail.documents[0].id}`;
    expectProblem(await inject({ method: 'GET', url: documentUrl, headers: sessions.support.headers }), 403);
    expectProblem(await inject({ method: 'GET', url: documentUrl, headers: payments.headers }), 403);
    expect(
      (await inject({ method: 'GET', url: documentUrl, headers: sessions.compliance.headers })).statusCode,
    ).toBe(200);
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
        headers: sessions.support.headers,
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
    // What was asked stays marked until an operator accepts the update.
    const flags = async () =>
      (await inject({ method: 'GET', url: '/api/client/update_require', headers: session.headers })).json()
        .data;
    expect((await flags()).address_require).toBe(true);
    const accept = (headers: Record<string, string>) =>
      inject({ method: 'POST', url: `/api/backoffice/clients/${business.id}/accept_update`, headers });
    expect((await accept(sessions.support.headers)).statusCode).toBe(403);
    expect((await accept(sessions.compliance.headers)).statusCode).toBe(200);
    expect(await flags()).toEqual({
      activity_require: false,
      address_require: false,
      client_info_require: false,
      partners_require: false,
    });
    expectProblem(await accept(sessions.compliance.headers), 409, 'no_update_submitted');
  });

  it('accepts and refuses documents, a refusal with its reason', async () => {
    const business = (
      await inject({
        method: 'GET',
        url: '/api/backoffice/applications?status=ON_APPROVAL',
        headers: sessions.compliance.headers,
      })
    )
      .json()
      .data.find((row: { email: string }) => row.email === 'ops@engines.test');
    const detail = async () =>
      (
        await inject({
          method: 'GET',
          url: `/api/backoffice/clients/${business.id}`,
          headers: sessions.compliance.headers,
        })
      ).json().data;
    const [document] = (await detail()).documents;
    const url = (verdict: string) =>
      `/api/backoffice/clients/${business.id}/documents/${document.id}/${verdict}`;
    const decide = (verdict: string, payload: object) =>
      inject({ method: 'POST', url: url(verdict), headers: sessions.compliance.headers, payload });
    expectProblem(await decide('reject', {}), 422, 'reason_required');
    expect((await decide('reject', { reason: 'The scan is cut off' })).statusCode).toBe(200);
    expectProblem(await decide('accept', {}), 409, 'already_reviewed');
    const after = await detail();
    expect(after.documents.find((row: { id: string }) => row.id === document.id)).toMatchObject({
      review_status: 'rejected',
      review_reason: 'The scan is cut off',
    });
    expect(after.reviews[0]).toMatchObject({ action: 'document_rejected', reason: 'The scan is cut off' });
    expect(after.related_persons.length).toBeGreaterThan(0);
  });
});
