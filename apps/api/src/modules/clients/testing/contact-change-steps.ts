import type { StepUpAction } from '@bluepeak/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Queryable } from '../../../db/database';
import { codeIn, lastMessage, type Session, stepUpProof } from '../../../testing/onboarding-helpers';

// The steps of a log-in e-mail or phone change as the client takes them, for the API tests:
// step-up by the current factor, the change asked for, the code read from the new address or
// number. Each test passes its own IP address, so the per-address rate limits of one test
// never hold another back.
export type ChangeCall = {
  app: FastifyInstance;
  session: Session;
  ip: string;
};

const KIND = { email: 'new_email', phone: 'new_phone' } as const;

/** Asks for the change with a step-up code from the e-mail address on file (`codeTo`). */
export async function askChange(
  call: ChangeCall,
  kind: 'email' | 'phone',
  value: string,
  codeTo: string,
  password?: string,
): Promise<LightMyRequestResponse> {
  const action: StepUpAction = kind === 'email' ? 'email_change' : 'phone_change';
  const proof = await stepUpProof(
    call.app,
    call.session,
    action,
    { to: codeTo },
    {
      remoteAddress: call.ip,
      ...(password ? { password } : {}),
    },
  );
  return call.app.inject({
    method: 'POST',
    url: `/api/client/${kind}_change`,
    headers: call.session.headers,
    remoteAddress: call.ip,
    payload: { [KIND[kind]]: value, ...proof },
  });
}

export function confirmChange(
  call: ChangeCall,
  kind: 'email' | 'phone',
  challengeId: string,
  code: string,
): Promise<LightMyRequestResponse> {
  return call.app.inject({
    method: 'POST',
    url: `/api/client/${kind}_change/confirm`,
    headers: call.session.headers,
    remoteAddress: call.ip,
    payload: { challenge_id: challengeId, code },
  });
}

/** The confirmation code the new address or number received. */
export async function changeCodeTo(app: FastifyInstance, to: string): Promise<string> {
  const message = await lastMessage(app, to);
  expect(message.text).toMatch(/confirm your new log-in/);
  return codeIn(message.text);
}

/** A six-digit code other than `code`. */
export const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

/** The audit entries of `action` about one client, oldest first. */
export async function auditOf(db: Queryable, action: string, clientId: string) {
  return db.query<{ actor_id: string; object_id: string; details: Record<string, unknown> }>(
    'SELECT actor_id, object_id, details FROM audit_log WHERE action = $1 AND object_id = $2 ORDER BY id',
    [action, clientId],
  );
}
