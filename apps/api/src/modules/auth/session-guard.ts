import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, LaggingReader } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { readCookie, sessionHintCookie } from '../../lib/cookies';
import { SessionCache, type SessionClientRow } from './session-cache';
import { type PrincipalType, SESSION_TIMER_WRITES } from './session-rows';
import { CLIENT_COOKIE, OPERATOR_COOKIE, OPERATOR_HEADER } from './session-rules';
import { type ActiveSession, resolveSessionAndClient } from './sessions';

// Resolves who is calling, before the body is even parsed, so an anonymous request with a bad
// body is a 401 and not a 400. Clients carry `bp__token` or `Authorization: Bearer`; operators
// carry `bp__operator_token` or `x-operator-token`, so one principal's token never opens the
// other's routes (docs/requirements/security.md).
export type Caller = ActiveSession & { via: 'cookie' | 'header'; token: string };

declare module 'fastify' {
  interface FastifyRequest {
    clientSession: Caller | null;
    operatorSession: Caller | null;
    /** The calling client's row, read beside the session by routes that ask for it. */
    callerRow: SessionClientRow | null;
  }
}

export const sessionAuthPlugin = fp(
  async (app) => {
    app.decorateRequest('clientSession', null);
    app.decorateRequest('operatorSession', null);
    app.decorateRequest('callerRow', null);
  },
  { name: 'session-auth' },
);

export function tokenOf(request: FastifyRequest, type: PrincipalType) {
  if (type === 'client') {
    const bearer = /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(request.headers.authorization ?? '')?.[1];
    if (bearer) return { token: bearer, via: 'header' as const };
    const cookie = readCookie(request, CLIENT_COOKIE);
    return cookie ? { token: cookie, via: 'cookie' as const } : undefined;
  }
  const header = request.headers[OPERATOR_HEADER];
  if (typeof header === 'string' && header !== '') return { token: header, via: 'header' as const };
  const cookie = readCookie(request, OPERATOR_COOKIE);
  return cookie ? { token: cookie, via: 'cookie' as const } : undefined;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// A cookie rides along on any request the browser makes, so a write authenticated by a cookie
// must come from our own pages (OWASP: verify the origin with standard headers). Requests
// without an Origin header are not from a browser and cannot carry a victim's cookie anyway.
// The check runs before the session is even looked up: a refused request must neither refresh
// the idle timer nor end anything.
export function assertSameOrigin(request: FastifyRequest) {
  if (!UNSAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  const fetchSite = request.headers['sec-fetch-site'];
  const crossSite = fetchSite === 'cross-site' || fetchSite === 'same-site';
  const foreignOrigin = origin !== undefined && safeHost(origin) !== request.headers.host;
  if (crossSite || foreignOrigin) throw new AppError('cross_origin_refused', 'Cross-site request refused');
}

function safeHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

const caches = new WeakMap<Database, SessionCache>();

/** The one cache of `db`'s sessions, watching its writes from the first call on. */
export function sessionCacheOf(db: Database): SessionCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new SessionCache(SESSION_TIMER_WRITES);
    caches.set(db, cache);
    db.watchWrites(cache.watcher);
  }
  return cache;
}

/**
 * The sessions kept in memory (decision 0040), except with a read replica: there a session's
 * last write, which another process may have just made, decides where its reads go (decision
 * 0038), so every request reads its session.
 */
function sessionCacheFor(db: Database) {
  return db.replicaStatus ? undefined : sessionCacheOf(db);
}

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

export async function authenticate(
  request: FastifyRequest,
  deps: { db: Database; clock: Clock },
  type: PrincipalType,
  touch: boolean,
): Promise<Caller> {
  return (await authenticateWithClient(request, deps, type, touch, false)).caller;
}

/** `authenticate`, and with `withClient` the client's row read in the same statement. */
async function authenticateWithClient(
  request: FastifyRequest,
  deps: { db: Database; clock: Clock },
  type: PrincipalType,
  touch: boolean,
  withClient: boolean,
): Promise<{ caller: Caller; client: SessionClientRow | undefined }> {
  const carried = tokenOf(request, type);
  if (!carried) throw new AppError('not_authenticated', 'Please log in');
  if (carried.via === 'cookie') assertSameOrigin(request);
  // With a read replica, a request that may write marks the session, so its reads that may lag
  // go to the primary for a while (readDb below; decision 0038). Real time: the window is
  // measured against the replica. Without one there is nothing to mark.
  const wroteAt = deps.db.replicaStatus && UNSAFE_METHODS.has(request.method) ? new Date() : null;
  const found = await resolveSessionAndClient(
    deps.db,
    carried.token,
    type,
    deps.clock.now(),
    touch,
    wroteAt,
    withClient,
    sessionCacheFor(deps.db),
  );
  if (!found) {
    // The browser cannot delete an HttpOnly cookie itself (docs/error-catalogue.md asks for the token
    // cookie to go on a 401), so the answer that ends the session also expires the cookie.
    const cookie = type === 'client' ? CLIENT_COOKIE : OPERATOR_COOKIE;
    const headers: Record<string, string | string[]> =
      carried.via === 'cookie'
        ? {
            'set-cookie': [
              `${cookie}=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict`,
              `${sessionHintCookie(cookie)}=; Max-Age=0; Path=/; SameSite=Strict`,
            ],
          }
        : {};
    throw new AppError('session_ended', SESSION_ENDED_MESSAGE, { headers });
  }
  return { caller: { ...found.session, ...carried }, client: found.client };
}

/**
 * onRequest hook for client routes: sets `request.clientSession` or answers 401. With
 * `withCallerRow`, the client's row is read in the same statement as the session.
 */
export function requireClient(
  deps: { db: Database; clock: Clock },
  options: { withCallerRow?: boolean } = {},
): onRequestHookHandler {
  // Made with the routes, so it hears other processes' writes before the first request.
  sessionCacheFor(deps.db);
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const { caller, client } = await authenticateWithClient(
      request,
      deps,
      'client',
      true,
      options.withCallerRow === true,
    );
    request.clientSession = caller;
    request.callerRow = client ?? null;
  };
}

export function requireOperator(deps: { db: Database; clock: Clock }): onRequestHookHandler {
  sessionCacheFor(deps.db);
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    request.operatorSession = await authenticate(request, deps, 'operator', true);
  };
}

/**
 * Where a route's reads that may lag go (decision 0038): the read replica when one is in use,
 * unless the caller wrote recently; else the primary. The one way a route picks a reader: pass
 * what it returns to a read that accepts a `LaggingReader`, and `db` to everything else.
 */
export function readDb(request: FastifyRequest, db: Database): LaggingReader {
  const session = request.clientSession ?? request.operatorSession;
  return db.readerFor(session?.lastWriteAt ?? null);
}

/** The calling client's id; routes behind requireClient only. */
export function callerClientId(request: FastifyRequest): string {
  if (!request.clientSession) throw new Error('route used without requireClient');
  return request.clientSession.principal.id;
}

export function callerOperatorId(request: FastifyRequest): string {
  if (!request.operatorSession) throw new Error('route used without requireOperator');
  return request.operatorSession.principal.id;
}
