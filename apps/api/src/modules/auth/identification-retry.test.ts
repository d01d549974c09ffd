import { describe, expect, it } from 'vitest';
import {
  clientData,
  codeIn,
  DEMO_PASSWORD,
  expectProblem,
  lastMessage,
  logIn,
  passportIdentification,
} from '../../testing/onboarding-helpers';
import { useLifecycleApp } from './testing/lifecycle-app';

// An identity check that is rejected and tried again.
describe('identification retry', () => {
  const { test, from, inject, signUp, confirm, logInFrom } = useLifecycleApp();

  it('takes a new upload after a rejected identification, then approves it', async () => {
    const phone = '+447911000108';
    await signUp('retry@example.test', { phone }).then(confirm);
    const ip = from();
    const session = await logInFrom('retry@example.test', ip);
    const sent = await inject(
      { method: 'POST', url: '/api/client/phone/send_code', headers: session.headers },
      ip,
    );
    expect(sent.statusCode, sent.body).toBe(202);
    await inject(
      {
        method: 'POST',
        url: '/api/client/phone/verify',
        headers: session.headers,
        payload: { code: codeIn((await lastMessage(test.app, phone)).text) },
      },
      ip,
    );
    const upload = () =>
      inject(
        {
          method: 'POST',
          url: '/api/client/identification',
          headers: session.headers,
          payload: passportIdentification(),
        },
        ip,
      );
    const first = await upload();
    expect(first.statusCode, first.body).toBe(201);
    expectProblem(await upload(), 409, 'identification_pending');

    const compliance = await logIn(test.app, 'compliance@demo.test', DEMO_PASSWORD, true);
    const decide = (id: string, verdict: string, payload: object) =>
      inject({
        method: 'POST',
        url: `/api/backoffice/identifications/${id}/${verdict}`,
        headers: compliance.headers,
        payload,
      });
    expectProblem(await decide(first.json().data.id, 'reject', {}), 422, 'reason_required');
    const rejected = await decide(first.json().data.id, 'reject', { reason: 'The photo is blurred' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await clientData(test.app, session)).toMatchObject({
      status: 'VERIFIED',
      ondato_required: true,
      ondato_has_active_identification: false,
      has_processed_ondato_identification: false,
    });
    expect((await lastMessage(test.app, 'retry@example.test')).text).toContain(
      'Reason: The photo is blurred',
    );
    expectProblem(await decide(first.json().data.id, 'approve', {}), 409, 'already_reviewed');

    const second = await upload();
    expect(second.statusCode, second.body).toBe(201);
    const listed = await inject(
      { method: 'GET', url: '/api/client/identification', headers: session.headers },
      ip,
    );
    expect(listed.json().data.map((row: { status: string }) => row.status)).toEqual(['PENDING', 'REJECTED']);
    expect(listed.json().data[1].decision_reason).toBe('The photo is blurred');
    const approved = await decide(second.json().data.id, 'approve', {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await clientData(test.app, session)).toMatchObject({
      status: 'ON_APPROVAL',
      ondato_required: false,
      ondato_has_active_identification: false,
      has_processed_ondato_identification: true,
    });
    expectProblem(await upload(), 409, 'identification_done');
  });
});
