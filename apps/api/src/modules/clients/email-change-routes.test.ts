import { describe, expect, it } from 'vitest';
import {
  clientData,
  expectProblem,
  lastMessage,
  logIn,
  type Session,
  signUpAndConfirm,
} from '../../testing/onboarding-helpers';
import { useTestApp } from '../../testing/use-test-app';
import {
  askChange,
  auditOf,
  type ChangeCall,
  changeCodeTo,
  confirmChange,
  wrongCode,
} from './testing/contact-change-steps';

// Changing the log-in e-mail address (docs/security-settings.md, "The log-in e-mail and phone"):
// step-up, a code to the NEW address, the change on that code, a notice to the OLD address.
describe('changing the log-in e-mail address', () => {
  const test = useTestApp({
    setUp: async ({ app }) => {
      for (const name of ['happy', 'wrong', 'taken', 'race', 'bad', 'a', 'b', 'replay'])
        await signUpAndConfirm(app, `${name}@example.test`);
    },
  });
  const callOf = async (email: string, ip: string): Promise<ChangeCall> => ({
    app: test.app,
    session: await logIn(test.app, email),
    ip,
  });

  it('changes the address on the code sent to it: the old address is told and no longer logs in', async () => {
    const call = await callOf('happy@example.test', '10.1.0.1');
    const other: Session = await logIn(test.app, 'happy@example.test');
    const { id } = await clientData(test.app, call.session);
    const asked = await askChange(call, 'email', 'Happy.New@example.test', 'happy@example.test');
    expect(asked.statusCode, asked.body).toBe(202);
    const { challenge_id, expires_at } = asked.json().data;
    expect(new Date(expires_at).getTime()).toBeGreaterThan(Date.now());
    const code = await changeCodeTo(test.app, 'Happy.New@example.test');

    const changed = await confirmChange(call, 'email', challenge_id, code);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toEqual({ email: 'Happy.New@example.test', email_confirmed: true });
    const data = await clientData(test.app, call.session);
    expect([data.email, data.email_confirmed]).toEqual(['Happy.New@example.test', true]);
    // The other session ended; this one goes on.
    expect(
      (await test.app.inject({ method: 'GET', url: '/api/client/data', headers: other.headers })).statusCode,
    ).toBe(401);
    const notice = await lastMessage(test.app, 'happy@example.test');
    expect(notice.subject).toMatch(/log-in e-mail address was changed/);
    expect(notice.text).toContain('H••••••••@example.test');

    const old = await test.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'happy@example.test', password: 'Strong-pass-1' },
    });
    expectProblem(old, 401, 'invalid_credentials');
    await logIn(test.app, 'happy.new@example.test');

    const requested = await auditOf(test.db, 'client.email_change_requested', id);
    const done = await auditOf(test.db, 'client.email_changed', id);
    expect(requested).toHaveLength(1);
    expect(done).toHaveLength(1);
    expect(done[0]?.actor_id).toBe(id);
    expect(done[0]?.details).toEqual({ from: 'h••••@example.test', to: 'H••••••••@example.test' });
    expect(JSON.stringify([requested, done])).not.toMatch(/happy(\.new)?@/i);
  });

  it('refuses a wrong password, and sends nothing to the new address', async () => {
    const call = await callOf('wrong@example.test', '10.1.0.2');
    const asked = await askChange(
      call,
      'email',
      'wrong.new@example.test',
      'wrong@example.test',
      'Wrong-pass-1',
    );
    expectProblem(asked, 422, 'current_password_incorrect');
    const inbox = await test.app.inject({ method: 'GET', url: '/api/dev/outbox?to=wrong.new@example.test' });
    expect(inbox.json().data).toEqual([]);
  });

  it('refuses a wrong code, then five wrong codes kill it, and an expired code never works', async () => {
    const call = await callOf('wrong@example.test', '10.1.0.3');
    const asked = await askChange(call, 'email', 'wrong.new@example.test', 'wrong@example.test');
    const { challenge_id } = asked.json().data;
    const code = await changeCodeTo(test.app, 'wrong.new@example.test');
    for (let attempt = 1; attempt < 5; attempt += 1)
      expectProblem(
        await confirmChange(call, 'email', challenge_id, wrongCode(code)),
        422,
        'sca_code_invalid',
      );
    expectProblem(await confirmChange(call, 'email', challenge_id, wrongCode(code)), 423, 'sca_code_blocked');
    expectProblem(await confirmChange(call, 'email', challenge_id, code), 423, 'sca_code_blocked');

    const again = await askChange(call, 'email', 'wrong.new@example.test', 'wrong@example.test');
    const fresh = await changeCodeTo(test.app, 'wrong.new@example.test');
    await test.db.query(`UPDATE auth_challenges SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      again.json().data.challenge_id,
    ]);
    expectProblem(
      await confirmChange(call, 'email', again.json().data.challenge_id, fresh),
      422,
      'sca_code_invalid',
    );
    expect((await clientData(test.app, call.session)).email).toBe('wrong@example.test');
  });

  it('answers an address of another client as any other, tells its owner, and never changes to it', async () => {
    const call = await callOf('taken@example.test', '10.1.0.4');
    const asked = await askChange(call, 'email', 'HAPPY.new@example.test', 'taken@example.test');
    expect(asked.statusCode, asked.body).toBe(202);
    const note = await lastMessage(test.app, 'happy.new@example.test');
    expect(note.subject).toMatch(/already has an account/);
    expect(note.text).not.toMatch(/\b\d{6}\b/);
    expectProblem(
      await confirmChange(call, 'email', asked.json().data.challenge_id, '123456'),
      422,
      'sca_code_invalid',
    );
    const { id } = await clientData(test.app, call.session);
    expect((await auditOf(test.db, 'client.email_change_requested', id))[0]?.details).toMatchObject({
      address_in_use: true,
    });
    expect((await clientData(test.app, call.session)).email).toBe('taken@example.test');
  });

  it('refuses with 409 when the address was taken between the request and the code', async () => {
    const call = await callOf('race@example.test', '10.1.0.5');
    const asked = await askChange(call, 'email', 'race.new@example.test', 'race@example.test');
    const code = await changeCodeTo(test.app, 'race.new@example.test');
    await signUpAndConfirm(test.app, 'race.new@example.test');
    expectProblem(
      await confirmChange(call, 'email', asked.json().data.challenge_id, code),
      409,
      'email_unavailable',
    );
    expect((await clientData(test.app, call.session)).email).toBe('race@example.test');
  });

  it('refuses bad input, the same address, and a caller without a session', async () => {
    const call = await callOf('bad@example.test', '10.1.0.6');
    expectProblem(
      await askChange(call, 'email', 'not-an-address', 'bad@example.test'),
      400,
      'validation_failed',
    );
    expectProblem(
      await askChange(call, 'email', 'BAD@example.test', 'bad@example.test'),
      409,
      'contact_unchanged',
    );
    const post = (url: string, payload: Record<string, unknown>, headers = call.session.headers) =>
      test.app.inject({ method: 'POST', url, headers, payload, remoteAddress: call.ip });
    expectProblem(await post('/api/client/email_change', { new_email: 'x@example.test' }), 400);
    expectProblem(await post('/api/client/email_change/confirm', { challenge_id: 'nope', code: '12' }), 400);
    expectProblem(
      await post('/api/client/email_change/confirm', {
        challenge_id: crypto.randomUUID(),
        code: '123456',
        more: 1,
      }),
      400,
    );
    expectProblem(
      await post(
        '/api/client/email_change/confirm',
        { challenge_id: crypto.randomUUID(), code: '123456' },
        {},
      ),
      401,
    );
  });

  it('lets no client confirm the pending change of another', async () => {
    const a = await callOf('a@example.test', '10.1.0.7');
    const b = await callOf('b@example.test', '10.1.0.8');
    const asked = await askChange(b, 'email', 'b.new@example.test', 'b@example.test');
    const code = await changeCodeTo(test.app, 'b.new@example.test');
    expectProblem(
      await confirmChange(a, 'email', asked.json().data.challenge_id, code),
      422,
      'sca_code_invalid',
    );
    expect((await clientData(test.app, a.session)).email).toBe('a@example.test');
    // Client A's try counted nothing against B's code: B still confirms it.
    expect((await confirmChange(b, 'email', asked.json().data.challenge_id, code)).statusCode).toBe(200);
  });

  it('answers a retried confirmation with its first answer', async () => {
    const call = await callOf('replay@example.test', '10.1.0.9');
    const asked = await askChange(call, 'email', 'replay.new@example.test', 'replay@example.test');
    const code = await changeCodeTo(test.app, 'replay.new@example.test');
    const first = await confirmChange(call, 'email', asked.json().data.challenge_id, code);
    const again = await confirmChange(call, 'email', asked.json().data.challenge_id, code);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('limits how often a change is asked for from one address', async () => {
    const call = await callOf('bad@example.test', '10.1.0.10');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/client/email_change',
        headers: call.session.headers,
        remoteAddress: call.ip,
        payload: {},
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});
