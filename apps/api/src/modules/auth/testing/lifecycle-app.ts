import type { InjectOptions } from 'fastify';
import { expect, vi } from 'vitest';
import {
  codeIn,
  lastMessage,
  linkSecretIn,
  PASSWORD,
  privateSignUp,
  type Session,
} from '../../../testing/onboarding-helpers';
import { useTestApp } from '../../../testing/use-test-app';

/**
 * The world of the sign-up, log-in and identification edge tests: the demo data, a clock the
 * tests travel on, and calls that each come from an address of their own. The per-IP limits
 * are tested on purpose, and a request made at a travelled-to time must not hold a counter for
 * the others.
 */
export function useLifecycleApp() {
  const test = useTestApp({
    demo: true,
    realTimersAfterEach: true,
  });
  // The middle of a 30-second TOTP step, so codes of neighbouring steps are unambiguous.
  const start = Math.floor(Date.now() / 30_000) * 30_000 + 15_000;
  const at = (seconds: number) => new Date(start + seconds * 1000);
  const travelTo = (seconds: number) => vi.setSystemTime(at(seconds));

  let address = 0;
  const from = () => `10.7.${Math.floor(++address / 250)}.${address % 250}`;
  const inject = (options: InjectOptions & { url: string }, ip = from()) =>
    test.app.inject({ ...options, remoteAddress: ip });
  const bodyWithoutId = (response: { json: () => Record<string, unknown> }) => {
    const { request_id: _id, ...rest } = response.json();
    return rest;
  };

  async function signUp(email: string, overrides: Record<string, unknown> = {}) {
    const response = await inject({
      method: 'POST',
      url: '/api/auth/signup/private',
      payload: privateSignUp(email, overrides),
    });
    expect(response.statusCode, response.body).toBe(202);
    return linkSecretIn((await lastMessage(test.app, email)).text);
  }
  const confirm = (hash: string) =>
    inject({ method: 'POST', url: '/api/auth/confirm_email', payload: { hash } });
  const startLogin = (email: string, password = PASSWORD, ip = from()) =>
    inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } }, ip);
  const verifyCode = (challenge_id: string, code: string, ip = from()) =>
    inject({ method: 'POST', url: '/api/auth/login/verify', payload: { challenge_id, code } }, ip);
  async function logInFrom(email: string, ip: string): Promise<Session> {
    const step1 = await startLogin(email, PASSWORD, ip);
    expect(step1.statusCode, step1.body).toBe(200);
    const code = codeIn((await lastMessage(test.app, email)).text);
    const step2 = await verifyCode(step1.json().data.challenge_id, code, ip);
    expect(step2.statusCode, step2.body).toBe(200);
    const token: string = step2.json().data.token;
    return { token, headers: { authorization: `Bearer ${token}` } };
  }

  return {
    test,
    at,
    travelTo,
    from,
    inject,
    bodyWithoutId,
    signUp,
    confirm,
    startLogin,
    verifyCode,
    logInFrom,
  };
}
