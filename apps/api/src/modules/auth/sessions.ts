import type { Queryable } from '../../db/database';
import { addSeconds } from '../../lib/clock';
import { isWellFormedToken, newSecretToken, sha256 } from './secret-tokens';
import type { SessionCache, SessionClientRow, SessionRow } from './session-cache';
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS, SESSION_TOUCH_SECONDS } from './session-rules';

export type PrincipalType = 'client' | 'operator';
export type SessionPrincipal = { type: PrincipalType; id: string };
export type ActiveSession = {
  sessionId: string;
  principal: SessionPrincipal;
  idleExpiresAt: Date;
  expiresAt: Date;
  /** When the session last sent a request that may write; decides where its lagging reads go. */
  lastWriteAt: Date | null;
};

/** A fresh random token at every log-in (no session fixation); only its hash is stored. */
export async function createSession(
  tx: Queryable,
  principal: SessionPrincipal,
  now: Date,
  meta: { ip: string; userAgent: string | undefined },
): Promise<{ token: string; sessionId: string }> {
  const token = newSecretToken();
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO sessions (token_hash, principal_type, client_id, operator_id, created_at, last_seen_at,
       expires_at, ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $8) RETURNING id`,
    [
      sha256(token),
      principal.type,
      principal.type === 'client' ? principal.id : null,
      principal.type === 'operator' ? principal.id : null,
      now,
      addSeconds(now, SESSION_ABSOLUTE_SECONDS),
      meta.ip,
      meta.userAgent?.slice(0, 500) ?? null,
    ],
  );
  if (!row) throw new Error('session insert returned no row');
  return { token, sessionId: row.id };
}

const SESSION_COLUMNS = [
  'id',
  'principal_type',
  'client_id',
  'operator_id',
  'last_seen_at',
  'expires_at',
  'last_write_at',
] as const;

// The session's columns under a prefix no client column has, so the client's row can ride along.
const SESSION_WITH_CLIENT_SQL = `SELECT ${SESSION_COLUMNS.map((column) => `s.${column} AS session__${column}`).join(', ')}, c.*
     FROM sessions s LEFT JOIN clients c ON c.id = s.client_id
    WHERE s.token_hash = $1 AND s.ended_at IS NULL`;

/** The open session row of a token's hash and, when asked, its client's row, in one statement. */
async function readSession(
  db: Queryable,
  tokenHash: Buffer,
  withClient: boolean,
): Promise<{ row: SessionRow; client: SessionClientRow | undefined } | undefined> {
  if (!withClient) {
    const [row] = await db.query<SessionRow>(
      `SELECT ${SESSION_COLUMNS.join(', ')} FROM sessions WHERE token_hash = $1 AND ended_at IS NULL`,
      [tokenHash],
    );
    return row && { row, client: undefined };
  }
  const [joined] = await db.query<Record<string, unknown>>(SESSION_WITH_CLIENT_SQL, [tokenHash]);
  if (!joined) return undefined;
  const row = Object.fromEntries(SESSION_COLUMNS.map((column) => [column, joined[`session__${column}`]]));
  const client = Object.fromEntries(Object.entries(joined).filter(([key]) => !key.startsWith('session__')));
  return { row: row as SessionRow, client: client.id ? (client as SessionClientRow) : undefined };
}

// The idle timer's own writes: they end no session, so they do not make a session cache forget.
const TOUCH_SQL = 'UPDATE sessions SET last_seen_at = $2 WHERE id = $1 AND last_seen_at < $2';
const TOUCH_WITH_WRITE_SQL = `UPDATE sessions SET last_write_at = $3,
         last_seen_at = CASE WHEN $4::boolean AND last_seen_at < $2 THEN $2 ELSE last_seen_at END
       WHERE id = $1`;
export const SESSION_TIMER_WRITES: readonly string[] = [TOUCH_SQL, TOUCH_WITH_WRITE_SQL];

/**
 * Whether kept rows answer for the session now, as the database's would: live, and no timer
 * write due. Also for a caller that never writes the timer (login_check): another process may
 * have written it since, so its idle deadline is read again at the same interval.
 */
function answersNow(row: SessionRow, now: Date): boolean {
  return (
    now < row.expires_at &&
    now < addSeconds(row.last_seen_at, SESSION_IDLE_SECONDS) &&
    now < addSeconds(row.last_seen_at, SESSION_TOUCH_SECONDS)
  );
}

/**
 * The live session a token belongs to, or null. An idle or expired session is ended on the
 * way. `touch` extends the idle timer, written only when the last write is SESSION_TOUCH_SECONDS
 * old or more; a status probe (login_check) passes false so polling it cannot keep an abandoned
 * session alive. `wroteAt` (a request that may write) is kept as the session's last write, by
 * the real time, for the read replica's read-your-writes window (decision 0038).
 */
export async function resolveSession(
  db: Queryable,
  token: string,
  expectedType: PrincipalType,
  now: Date,
  touch: boolean,
  wroteAt: Date | null = null,
): Promise<ActiveSession | null> {
  return (
    (await resolveSessionAndClient(db, token, expectedType, now, touch, wroteAt, false))?.session ?? null
  );
}

/**
 * `resolveSession`, and with `withClient` the session's client row read in the same statement
 * (routes that need the caller's row save a statement and a wait on every request).
 */
export async function resolveSessionAndClient(
  db: Queryable,
  token: string,
  expectedType: PrincipalType,
  now: Date,
  touch: boolean,
  wroteAt: Date | null,
  withClient: boolean,
  cache?: SessionCache,
): Promise<{ session: ActiveSession; client: SessionClientRow | undefined } | null> {
  if (!isWellFormedToken(token)) return null;
  const tokenHash = sha256(token);
  const key = cache ? tokenHash.toString('base64') : '';
  const kept = wroteAt ? undefined : cache?.find(key);
  if (kept && (kept.client || !withClient) && answersNow(kept.row, now)) {
    if (kept.row.principal_type !== expectedType) return null;
    // A copy: a route may not change what the next request is given.
    return activeSession(kept.row, kept.row.last_seen_at, null, kept.client && { ...kept.client });
  }
  const generation = cache?.generation ?? 0;
  const found = await readSession(db, tokenHash, withClient);
  if (!found || found.row.principal_type !== expectedType) return null;
  const { row } = found;
  const idleDeadline = addSeconds(row.last_seen_at, SESSION_IDLE_SECONDS);
  if (now >= row.expires_at || now >= idleDeadline) {
    await endSession(db, row.id, now >= row.expires_at ? 'expired' : 'idle', now);
    return null;
  }
  const write = touch && now >= addSeconds(row.last_seen_at, SESSION_TOUCH_SECONDS);
  const lastSeen = write ? now : row.last_seen_at;
  // The guard keeps the timer from moving back when two requests of one session race.
  if (write && !wroteAt) await db.query(TOUCH_SQL, [row.id, now]);
  if (wroteAt) await db.query(TOUCH_WITH_WRITE_SQL, [row.id, now, wroteAt, write]);
  const answer = activeSession(row, lastSeen, wroteAt, found.client);
  cache?.keep(
    key,
    generation,
    { ...row, last_seen_at: lastSeen, last_write_at: wroteAt ?? row.last_write_at },
    found.client && { ...found.client },
  );
  return answer;
}

function activeSession(
  row: SessionRow,
  lastSeen: Date,
  wroteAt: Date | null,
  client: SessionClientRow | undefined,
): { session: ActiveSession; client: SessionClientRow | undefined } {
  const id = row.client_id ?? row.operator_id;
  if (!id) throw new Error('session without a principal');
  return {
    session: {
      sessionId: row.id,
      principal: { type: row.principal_type, id },
      idleExpiresAt: addSeconds(lastSeen, SESSION_IDLE_SECONDS),
      expiresAt: row.expires_at,
      lastWriteAt: wroteAt ?? row.last_write_at,
    },
    client,
  };
}

export async function endSession(db: Queryable, sessionId: string, reason: string, now: Date): Promise<void> {
  await db.query('UPDATE sessions SET ended_at = $2, end_reason = $3 WHERE id = $1 AND ended_at IS NULL', [
    sessionId,
    now,
    reason,
  ]);
}

/** Ends every open session of a principal (password change or restore, account closure). */
export async function endAllSessions(
  tx: Queryable,
  principal: SessionPrincipal,
  reason: string,
  now: Date,
): Promise<void> {
  const column = principal.type === 'client' ? 'client_id' : 'operator_id';
  await tx.query(
    `UPDATE sessions SET ended_at = $2, end_reason = $3 WHERE ${column} = $1 AND ended_at IS NULL`,
    [principal.id, now, reason],
  );
}

/** Ends every open session of a principal but `keepSessionId` (a security setting changed). */
export async function endOtherSessions(
  tx: Queryable,
  principal: SessionPrincipal,
  keepSessionId: string,
  reason: string,
  now: Date,
): Promise<void> {
  const column = principal.type === 'client' ? 'client_id' : 'operator_id';
  await tx.query(
    `UPDATE sessions SET ended_at = $2, end_reason = $3 WHERE ${column} = $1 AND id <> $4 AND ended_at IS NULL`,
    [principal.id, now, reason, keepSessionId],
  );
}
