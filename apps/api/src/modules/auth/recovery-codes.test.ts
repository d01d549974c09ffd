import { normaliseRecoveryCode, type StepUpAction } from '@bluepeak/core';
import { describe, expect, it, vi } from 'vitest';
import { withTransaction } from '../../db/transaction';
import {
  expectProblem,
  logIn,
  PASSWORD,
  type Session,
  signUpAndConfirm,
  stepUpProof,
} from '../../testing/onboarding-helpers';
import { useTestApp } from '../../testing/use-test-app';
import { recoveryCodeHash, useRecoveryCode } from './recovery-codes';
import { currentTotpCode } from './totp';

// Recovery codes (docs/security-settings.md, "Recovery codes"): ten made when the authenticator
// is confirmed, shown once and stored only as hashes; each logs in once instead of the app's
// code, counted like a wrong code when it is not right; a new set needs step-up and ends the
// old one; leaving the app deletes them.
describe('recovery codes of an authenticator app', () => {
  // The middle of a 30-second step, a minute ahead: each use of the app below takes a later step.
  // The clock only moves on, 30 seconds at a time, through the whole file.
  const start = Math.floor(Date.now() / 30_000) * 30_000 + 75_000;
  let elapsed = 0;
  const later = () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    elapsed += 30;
    const now = new Date(start + elapsed * 1000);
    vi.setSystemTime(now);
    return now;
  };
  let address = 0;
  const nextAddress = () => `10.7.0.${++address}`;
  const test = useTestApp({
    setUp: async ({ app }) => {
      for (const email of [
        'rita@example.test',
        'lock@example.test',
        'renew@example.test',
        'plain@example.test',
      ])
        await signUpAndConfirm(app, email);
    },
    realTimersAfterEach: true,
  });

  const post = (url: string, session: Session, payload?: object) =>
    test.app.inject({ method: 'POST', url, headers: session.headers, remoteAddress: nextAddress(), payload });
  // The step-up request is limited per address like every route that sends a code.
  const proofOf = (
    session: Session,
    action: StepUpAction,
    from: { to: string } | { totpSecret: string; at: Date },
    password = PASSWORD,
  ) => stepUpProof(test.app, session, action, from, { password, remoteAddress: nextAddress() });
  const remaining = async (session: Session) => {
    const answer = await test.app.inject({
      method: 'GET',
      url: '/api/client/totp/recovery_codes',
      headers: session.headers,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data.remaining as number;
  };
  const clientId = async (email: string) =>
    (await test.db.query<{ id: string }>('SELECT id FROM clients WHERE email = $1', [email]))[0]?.id ?? '';

  /** Logs in by e-mail and sets up an authenticator: its secret and the codes answered. */
  async function enrol(email: string) {
    const now = later();
    const session = await logIn(test.app, email);
    const proof = await proofOf(session, 'totp_setup', { to: email });
    const started = await post('/api/client/totp/setup', session, proof);
    expect(started.statusCode, started.body).toBe(200);
    const secret: string = started.json().data.secret;
    const confirmed = await post('/api/client/totp/confirm', session, { code: currentTotpCode(secret, now) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const codes: string[] = confirmed.json().data.recovery_codes;
    return { session, secret, codes };
  }

  /** Step 1 of a log-in by password, then step 2 with `code`, both from `remoteAddress`. */
  async function logInWith(email: string, code: string, remoteAddress = nextAddress()) {
    const step1 = await test.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: PASSWORD },
      remoteAddress,
    });
    if (step1.statusCode !== 200) return step1;
    expect(step1.json().data.factor).toBe('totp');
    return test.app.inject({
      method: 'POST',
      url: '/api/auth/login/verify',
      payload: { challenge_id: step1.json().data.challenge_id, code },
      remoteAddress,
    });
  }

  const messagesTo = async (to: string) =>
    (await test.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })).json()
      .data as { subject: string; text: string }[];

  let rita: Awaited<ReturnType<typeof enrol>>;

  it('answers ten codes once, and stores only their hashes', async () => {
    rita = await enrol('rita@example.test');
    const { session, codes } = rita;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(await remaining(session)).toBe(10);

    const id = await clientId('rita@example.test');
    const rows = await test.db.query<{ code_hash: Uint8Array }>(
      'SELECT code_hash FROM recovery_codes WHERE client_id = $1',
      [id],
    );
    const expected = codes.map((code) =>
      recoveryCodeHash({ type: 'client', id }, normaliseRecoveryCode(code)).toString('hex'),
    );
    expect(rows.map((row) => Buffer.from(row.code_hash).toString('hex')).sort()).toEqual(expected.sort());
    // Nowhere in the database is a code in the clear: not in its row, nor in the answer kept for a
    // retried confirmation, the audit log or the outbox.
    const dump = JSON.stringify(
      await test.db.query(
        `SELECT (SELECT json_agg(r) FROM recovery_codes r) AS codes,
                (SELECT json_agg(k) FROM idempotency_keys k) AS answers,
                (SELECT json_agg(a) FROM audit_log a) AS audit,
                (SELECT json_agg(o) FROM outbox_messages o) AS outbox`,
      ),
    );
    expect(dump, 'the answer kept for a retry').toContain('totp_set_up');
    for (const code of codes) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(normaliseRecoveryCode(code));
    }
  });

  it('logs in once with a code instead of the app, tells the owner, and refuses it again', async () => {
    const email = 'rita@example.test';
    later();
    const code = rita.codes[0] ?? '';
    // As typed by a person: lower case, no dash.
    const used = await logInWith(email, code.toLowerCase().replace('-', ''));
    expect(used.statusCode, used.body).toBe(200);
    const [notice] = await messagesTo(email);
    expect(notice?.subject).toMatch(/a recovery code was used to log in/);
    expect(notice?.text).toMatch(/9 unused codes are left/);
    const audit = await test.db.query<{ details: { remaining: number } }>(
      `SELECT details FROM audit_log WHERE action = 'client.recovery_code_used' AND object_id = $1`,
      [await clientId(email)],
    );
    expect(audit.map((entry) => entry.details.remaining)).toEqual([9]);

    const again = await logInWith(email, code);
    const wrong = await logInWith(email, 'ZZZZZ-ZZZZZ');
    expectProblem(again, 401, 'invalid_credentials');
    expect(again.json().message).toBe(wrong.json().message);
    expect(await remaining(rita.session)).toBe(9);
  });

  it('uses a code up once even when two log-ins checked it at the same moment', async () => {
    const id = await clientId('rita@example.test');
    const [row] = await test.db.query<{ id: string }>(
      'SELECT id FROM recovery_codes WHERE client_id = $1 AND used_at IS NULL LIMIT 1',
      [id],
    );
    const use = () =>
      withTransaction(test.db, (tx) =>
        useRecoveryCode(tx, { type: 'client', id }, row?.id ?? '', new Date()),
      );
    expect(await use()).toEqual({ remaining: 8 });
    expect(await use()).toBeNull();
  });

  it('counts a wrong code towards the lockout like a wrong app code', async () => {
    const email = 'lock@example.test';
    const { codes } = await enrol(email);
    const from = '10.7.9.9';
    for (let attempt = 1; attempt <= 4; attempt++)
      expectProblem(await logInWith(email, `ZZZZZ-ZZZZ${attempt}`, from), 401, 'invalid_credentials');
    expectProblem(await logInWith(email, 'ZZZZZ-ZZZZ5', from), 423, 'login_locked');
    // Locked: even a right code is refused from there, and is not used up.
    expectProblem(await logInWith(email, codes[0] ?? '', from), 423, 'login_locked');
    const elsewhere = await logInWith(email, codes[0] ?? '');
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });

  let renewer: Awaited<ReturnType<typeof enrol>>;

  it('makes a new set only after step-up, which ends the old set and the other sessions', async () => {
    const email = 'renew@example.test';
    renewer = await enrol(email);
    const { session, secret, codes } = renewer;
    const other = await logInWith(email, codes[1] ?? '');
    expect(other.statusCode, other.body).toBe(200);
    const renew = (payload: object) => post('/api/client/totp/recovery_codes', session, payload);

    expectProblem(await renew({}), 400, 'validation_failed');
    const madeUp = {
      current_password: PASSWORD,
      step_up_challenge_id: '00000000-0000-4000-8000-000000000000',
      step_up_code: '123456',
    };
    expectProblem(await renew(madeUp), 422, 'sca_code_invalid');
    let now = later();
    const wrongPassword = await proofOf(
      session,
      'recovery_codes',
      { totpSecret: secret, at: now },
      'Wrong-pass-1',
    );
    expectProblem(await renew(wrongPassword), 422, 'current_password_incorrect');
    // A step-up for another change does not make codes.
    now = later();
    const forSetup = await proofOf(session, 'totp_setup', { totpSecret: secret, at: now });
    expectProblem(await renew(forSetup), 422, 'sca_code_invalid');
    expect(await remaining(session)).toBe(9);

    now = later();
    const proof = await proofOf(session, 'recovery_codes', { totpSecret: secret, at: now });
    const renewed = await renew(proof);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh: string[] = renewed.json().data.recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => codes.includes(code))).toBe(false);
    expect(await remaining(session)).toBe(10);
    expect((await messagesTo(email))[0]?.subject).toMatch(/new recovery codes were made/);
    const audit = await test.db.query(
      `SELECT 1 FROM audit_log WHERE action = 'client.recovery_codes_renewed' AND object_id = $1`,
      [await clientId(email)],
    );
    expect(audit).toHaveLength(1);
    // The session a recovery code opened has ended; the old codes no longer log in, the new ones do.
    const headers = { authorization: `Bearer ${other.json().data.token}` };
    expectProblem(await test.app.inject({ method: 'GET', url: '/api/client/data', headers }), 401);
    expectProblem(await logInWith(email, codes[2] ?? ''), 401, 'invalid_credentials');
    expect((await logInWith(email, fresh[0] ?? '')).statusCode).toBe(200);
    // The step-up worked once.
    expectProblem(await renew(proof), 422, 'sca_code_invalid');
  });

  it('refuses a new set without an authenticator app, before any step-up', async () => {
    const session = await logIn(test.app, 'plain@example.test');
    const proof = await proofOf(session, 'second_factor', { to: 'plain@example.test' });
    expectProblem(await post('/api/client/totp/recovery_codes', session, proof), 409, 'totp_not_set_up');
    expect(await remaining(session)).toBe(0);
  });

  it('deletes the codes when the client leaves the authenticator app', async () => {
    const { session, secret } = renewer;
    const now = later();
    const proof = await proofOf(session, 'second_factor', { totpSecret: secret, at: now });
    const back = await post('/api/client/second_factor', session, { factor: 'email', ...proof });
    expect(back.statusCode, back.body).toBe(200);
    expect(await remaining(session)).toBe(0);
    const rows = await test.db.query('SELECT 1 FROM recovery_codes WHERE client_id = $1', [
      await clientId('renew@example.test'),
    ]);
    expect(rows).toHaveLength(0);
  });
});
