import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { callerClientId } from '../auth';
import { assertApproved } from './assert-approved';
import { type ClientRow, findClientById } from './client-rows';

// Who is calling a client route, for the audit log and for the service that acts on their
// behalf. The session hook has already proved the token; the row can still be gone.

export function clientActor(request: FastifyRequest) {
  return {
    actorType: 'client' as const,
    actorId: callerClientId(request),
    requestId: request.id,
    ip: request.ip,
  };
}

export async function loadCaller(db: Queryable, request: FastifyRequest) {
  const clientId = callerClientId(request);
  // Read with the session when the routes asked for it (requireClient's withCallerRow): the
  // whole clients row, which auth carries without knowing its columns.
  const client =
    request.callerRow?.id === clientId
      ? (request.callerRow as ClientRow)
      : await findClientById(db, clientId);
  if (!client) throw new AppError('session_ended', 'Please log in again');
  return client;
}

/** The caller, refused with 409 `client_not_approved` unless onboarding has finished. */
export async function loadApprovedCaller(db: Queryable, request: FastifyRequest) {
  const client = await loadCaller(db, request);
  assertApproved(client);
  return client;
}
