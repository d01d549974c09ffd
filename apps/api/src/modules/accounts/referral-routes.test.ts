import { describe, expect, it } from 'vitest';
import { useDemoWorld } from '../../testing/demo-world';
import {
  DEMO_PASSWORD,
  expectProblem,
  logIn,
  privateSignUp,
  type Session,
} from '../../testing/onboarding-helpers';

// docs/requirements/accounts.md: the referral page's data, and sign-up remembering who referred a client.
describe('client referrals', () => {
  const { test, sessions } = useDemoWorld({
    sessions: { alex: ['private@demo.test'] },
    config: { BOT_CHECK: 'off' },
  });

  const referrals = (session: Session) =>
    test.app.inject({ method: 'GET', url: '/api/client/referrals', headers: session.headers });

  it('gives a referrer its link and lists who signed up with it, by first name and initial', async () => {
    const empty = await referrals(sessions.alex);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().data).toEqual({
      referral_id: 'DEMO-ALEX',
      link: expect.stringMatching(/\/#\/private-account\?referral=DEMO-ALEX$/),
      referrals: { data: [] },
    });
    for (const [email, code, phone] of [
      ['grace@example.test', 'DEMO-ALEX', '+447911000101'],
      ['linus@example.test', 'NO-SUCH-CODE', '+447911000102'],
    ] as const) {
      const signUp = await test.app.inject({
        method: 'POST',
        url: '/api/auth/signup/private',
        payload: privateSignUp(email, {
          first_name: 'Grace',
          last_name: 'Hopper',
          phone,
          referral_code: code,
        }),
      });
      expect(signUp.statusCode, signUp.body).toBe(202);
    }
    const listed = (await referrals(sessions.alex)).json().data.referrals.data;
    expect(listed).toEqual([
      { name: 'Grace H.', type: 'PRIVATE', approved: false, signed_up_at: expect.any(String) },
    ]);
  });

  it('refuses a malformed referral code at sign-up', async () => {
    const signUp = await test.app.inject({
      method: 'POST',
      url: '/api/auth/signup/private',
      payload: privateSignUp('eve@example.test', { phone: '+447911000103', referral_code: "x' OR 1=1 --" }),
    });
    expectProblem(signUp, 400, 'validation_failed');
  });

  it('has no referral page for a client without a referral id', async () => {
    const northwind = await logIn(test.app, 'business@demo.test', DEMO_PASSWORD);
    expectProblem(await referrals(northwind), 404, 'no_referral_id');
    expectProblem(await test.app.inject({ method: 'GET', url: '/api/client/referrals' }), 401);
  });
});
