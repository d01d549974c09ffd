import { describe, expect, it } from 'vitest';
import {
  clientData,
  DEMO_PASSWORD,
  expectProblem,
  lastMessage,
  logIn,
  passportIdentification,
  signUpAndConfirm,
  verifyPhone,
} from '../../testing/onboarding-helpers';
import { useOnboardingWorld } from './testing/onboarding-world';

// The onboarding journey through the API: a private client from sign-up to APPROVED, and who
// may see its documents on the way.
// The requirements: docs/requirements/onboarding.md.
describe('onboarding journey', () => {
  const { test, sessions, inject } = useOnboardingWorld();

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
      headers: sessions.compliance.headers,
    });
    const listed = queue.json().data.find((row: { email: string }) => row.email === 'ada@example.test');
    expect(listed).toMatchObject({ name: 'Ada Lovelace', status: 'VERIFIED' });
    const review = await inject({
      method: 'GET',
      url: `/api/backoffice/clients/${listed.id}`,
      headers: sessions.compliance.headers,
    });
    const submission = review.json().data.identifications[0];
    const approved = await inject({
      method: 'POST',
      url: `/api/backoffice/identifications/${submission.id}/approve`,
      headers: sessions.compliance.headers,
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
      headers: sessions.compliance.headers,
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
      headers: sessions.compliance.headers,
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
});
