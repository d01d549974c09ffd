import type { StepUpAction } from '@bluepeak/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { currentTotpCode } from '../modules/auth';

// Small steps shared by the sign-up, log-in and onboarding API tests: they drive the real
// routes and read codes and links from the demo outbox, as a person would.
export const PASSWORD = 'Strong-pass-1';
export const DEMO_PASSWORD = 'Demo-password-1';
/** A whole 1x1 PNG: uploads are checked to their last chunk, so a bare signature is refused. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A valid PNG of exactly `size` bytes: the 1x1 image with a private filler chunk before IEND. */
export function pngOfSize(size: number): Buffer {
  const iend = PNG.subarray(PNG.length - 12);
  const filler = Buffer.alloc(size - PNG.length);
  filler.writeUInt32BE(filler.length - 12, 0);
  filler.write('prVt', 4, 'latin1');
  return Buffer.concat([PNG.subarray(0, PNG.length - 12), filler, iend]);
}

export function pngAttachment(type: string, bytes: Buffer = PNG) {
  return { name: `${type}.png`, type, mime: 'image/png', size: bytes.length, data: bytes.toString('base64') };
}

/** A passport identification a reviewer can approve: front, selfie, an adult, a valid document. */
export function passportIdentification() {
  return {
    document_type: 'PASSPORT',
    date_of_birth: '1990-05-17',
    document_expires_on: '2034-01-01',
    attachments: [pngAttachment('front'), pngAttachment('selfie')],
  };
}

export function privateSignUp(email: string, overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email,
    phone: '+447911123456',
    country: 'GB',
    password: PASSWORD,
    password_confirmation: PASSWORD,
    altcha: '',
    accept_terms: true,
    ...overrides,
  };
}

export async function lastMessage(
  app: FastifyInstance,
  to: string,
): Promise<{ text: string; subject: string }> {
  const response = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  const [message] = response.json().data;
  expect(message, `a message to ${to}`).toBeDefined();
  return message;
}

export function codeIn(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in: ${text}`);
  return code;
}

export function linkSecretIn(text: string): string {
  const secret = /(?:hash=|#\/restore\/)([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  if (!secret) throw new Error(`no link in: ${text}`);
  return secret;
}

export type Session = { token: string; headers: Record<string, string> };

/** Logs a client in through both steps; the code comes from the outbox (e-mail factor). */
export async function logIn(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
  backoffice = false,
): Promise<Session> {
  const base = backoffice ? '/api/backoffice/auth' : '/api/auth';
  const step1 = await app.inject({ method: 'POST', url: `${base}/login`, payload: { email, password } });
  expect(step1.statusCode, step1.body).toBe(200);
  const { challenge_id, factor } = step1.json().data;
  expect(factor).toBe('email');
  const code = codeIn((await lastMessage(app, email)).text);
  const step2 = await app.inject({
    method: 'POST',
    url: `${base}/login/verify`,
    payload: { challenge_id, code },
  });
  expect(step2.statusCode, step2.body).toBe(200);
  const token: string = step2.json().data.token;
  return {
    token,
    headers: backoffice ? { 'x-operator-token': token } : { authorization: `Bearer ${token}` },
  };
}

export async function signUpAndConfirm(
  app: FastifyInstance,
  email: string,
  overrides: Record<string, unknown> = {},
) {
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/auth/signup/private',
    payload: privateSignUp(email, overrides),
  });
  expect(signUp.statusCode, signUp.body).toBe(202);
  const hash = linkSecretIn((await lastMessage(app, email)).text);
  const confirmed = await app.inject({ method: 'POST', url: '/api/auth/confirm_email', payload: { hash } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

export async function verifyPhone(app: FastifyInstance, session: Session, phone: string) {
  const sent = await app.inject({
    method: 'POST',
    url: '/api/client/phone/send_code',
    headers: session.headers,
  });
  expect(sent.statusCode, sent.body).toBe(202);
  const code = codeIn((await lastMessage(app, phone)).text);
  const verified = await app.inject({
    method: 'POST',
    url: '/api/client/phone/verify',
    headers: session.headers,
    payload: { code },
  });
  expect(verified.statusCode, verified.body).toBe(200);
}

export async function clientData(app: FastifyInstance, session: Session) {
  const response = await app.inject({ method: 'GET', url: '/api/client/data', headers: session.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

export function expectProblem(response: LightMyRequestResponse, status: number, code?: string) {
  expect(response.statusCode, response.body).toBe(status);
  if (code) expect(response.json().code).toBe(code);
}

/**
 * Step-up for a security setting: asks for a code by the client's current factor and answers
 * the proof a change needs. `from` says where the code arrives: an e-mail address or phone
 * (read from the outbox), or the authenticator's secret and the time to compute it for.
 */
export async function stepUpProof(
  app: FastifyInstance,
  session: Session,
  action: StepUpAction,
  from: { to: string } | { totpSecret: string; at: Date },
  options: { password?: string; remoteAddress?: string } = {},
) {
  const asked = await app.inject({
    method: 'POST',
    url: '/api/client/step_up',
    headers: session.headers,
    payload: { action },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  expect(asked.statusCode, asked.body).toBe(200);
  const code = 'to' in from ? await stepUpCodeTo(app, from.to) : currentTotpCode(from.totpSecret, from.at);
  return {
    current_password: options.password ?? PASSWORD,
    step_up_challenge_id: asked.json().data.challenge_id as string,
    step_up_code: code,
  };
}

/** The newest step-up code sent to `to` (picked by its wording: messages sent within the same instant tie). */
async function stepUpCodeTo(app: FastifyInstance, to: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  const messages: { text: string }[] = response.json().data;
  const message = messages.find((entry) =>
    /code to (change your password|change how you receive|set up a new authenticator|change your log-in)/.test(
      entry.text,
    ),
  );
  if (!message) throw new Error(`no step-up code for ${to}`);
  return codeIn(message.text);
}
