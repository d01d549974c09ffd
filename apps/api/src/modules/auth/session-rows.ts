import type { Queryable } from '../../db/database';
import type { SessionClientRow, SessionRow } from './session-cache';

export type PrincipalType = 'client' | 'operator';
export type SessionPrincipal = { type: PrincipalType; id: string };

export async function insertSession(
  tx: Queryable,
  session: {
    tokenHash: Buffer;
    principal: SessionPrincipal;
    now: Date;
    expiresAt: Date;
    ip: string;
    userAgent: string | null;
  },
): Promise<{ id: string } | undefined> {
  const { principal } = session;
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO sessions (token_hash, principal_type, client_id, operator_id, created_at, last_seen_at,
       expires_at, ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $8) RETURNING id`,
    [
      session.tokenHash,
      principal.type,
      principal.type === 'client' ? principal.id : null,
      principal.type === 'operator' ? principal.id : null,
      session.now,
      session.expiresAt,
      session.ip,
      session.userAgent,
    ],
  );
  return row;
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
export async function findOpenSession(
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

export async function touchSession(db: Queryable, sessionId: string, now: Date): Promise<void> {
  await db.query(TOUCH_SQL, [sessionId, now]);
}

/** Keeps `wroteAt` as the session's last write, and moves its idle timer to `now` when `touch`. */
export async function touchSessionWithWrite(
  db: Queryable,
  sessionId: string,
  now: Date,
  wroteAt: Date,
  touch: boolean,
): Promise<void> {
  await db.query(TOUCH_WITH_WRITE_SQL, [sessionId, now, wroteAt, touch]);
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
