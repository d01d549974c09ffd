import type { Queryable } from '../../db/database';
import type { ClientRow } from '../clients';
import { addSeconds } from './clock';
import { isWellFormedToken, newSecretToken, sha256 } from './secret-tokens';
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

type SessionRow = {
  id: string;
  principal_type: PrincipalType;
  client_id: string | null;
  operator_id: string | null;
  last_seen_at: Date;
  expires_at: Date;
  last_write_at: Date | null;
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
  if (!isWellFormedToken(token)) return null;
  const [row] = await db.query<SessionRow>(
    `SELECT id, principal_type, client_id, operator_id, last_seen_at, expires_at, last_write_at
     FROM sessions WHERE token_hash = $1 AND ended_at IS NULL`,
    [sha256(token)],
  );
  if (!row || row.principal_type !== expectedType) return null;
  const idleDeadline = addSeconds(row.last_seen_at, SESSION_IDLE_SECONDS);
  if (now >= row.expires_at || now >= idleDeadline) {
    await endSession(db, row.id, now >= row.expires_at ? 'expired' : 'idle', now);
    return null;
  }
  const write = touch && now >= addSeconds(row.last_seen_at, SESSION_TOUCH_SECONDS);
  const lastSeen = write ? now : row.last_seen_at;
  // The guard keeps the timer from moving back when two requests of one session race.
  if (write && !wroteAt)
    await db.query('UPDATE sessions SET last_seen_at = $2 WHERE id = $1 AND last_seen_at < $2', [
      row.id,
      now,
    ]);
  if (wroteAt)
    await db.query(
      `UPDATE sessions SET last_write_at = $3,
         last_seen_at = CASE WHEN $4::boolean AND last_seen_at < $2 THEN $2 ELSE last_seen_at END
       WHERE id = $1`,
      [row.id, now, wroteAt, write],
    );
  const id = row.client_id ?? row.operator_id;
  if (!id) throw new Error('session without a principal');
  return {
    sessionId: row.id,
    principal: { type: row.principal_type, id },
    idleExpiresAt: addSeconds(lastSeen, SESSION_IDLE_SECONDS),
    expiresAt: row.expires_at,
    lastWriteAt: wroteAt ?? row.last_write_at,
  };
}

/**
 * The client row of an open session's token, whatever the session's timers say: callers use it
 * only beside `resolveSession`, which decides whether the session is alive.
 */
export async function clientOfToken(db: Queryable, token: string): Promise<ClientRow | undefined> {
  const [row] = await db.query<ClientRow>(
    `SELECT c.* FROM sessions s JOIN clients c ON c.id = s.client_id
     WHERE s.token_hash = $1 AND s.ended_at IS NULL AND s.principal_type = 'client'`,
    [sha256(token)],
  );
  return row;
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
