import type { WriteWatcher } from '../../db/database';

// The session check kept in the process (docs/decisions/0040-session-check-in-memory.md). Every
// authenticated request needs the session row and often its client's row; reading them costs a
// round trip to the database, the largest part of a cheap read's price. A row read here is kept
// until its idle timer is due a write (at most SESSION_TOUCH_SECONDS), and forgotten, all of
// them at once, the moment anything that could end a session or change a client is written:
// - by this process: every statement is shown to the cache (WriteWatcher), and a statement that
//   updates or deletes clients or sessions (beyond the idle timer's own writes), or a script,
//   makes it forget, once run and again when its transaction ends;
// - by another process: triggers on both tables NOTIFY `auth_changed <schema>` (migration 0176),
//   which this process hears on a connection of its own. While it cannot hear them, nothing is
//   kept.
// Only the fast answer comes from here: a session the kept row says is idle, expired or due a
// write of its timer is read again from the database, which decides.

export const AUTH_CHANGED_CHANNEL = 'auth_changed';
const MAX_ENTRIES = 10_000;

export type SessionRow = {
  id: string;
  principal_type: 'client' | 'operator';
  client_id: string | null;
  operator_id: string | null;
  last_seen_at: Date;
  expires_at: Date;
  last_write_at: Date | null;
};

/**
 * A client's row (`clients.*`) read in the session's statement. Auth needs only its id; the
 * clients module, which owns the row, reads the rest as its own row type.
 */
export type SessionClientRow = { id: string; [column: string]: unknown };

type Entry = { row: SessionRow; client: SessionClientRow | undefined; generation: number };

const AUTH_WRITE =
  /\b(?:UPDATE\s+(?:ONLY\s+)?(?:clients|sessions)|DELETE\s+FROM\s+(?:ONLY\s+)?(?:clients|sessions)|INSERT\s+INTO\s+clients|TRUNCATE)\b/i;

export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  readonly #harmless: ReadonlySet<string>;
  readonly #verdicts = new Map<string, boolean>();
  #generation = 0;
  #heard = false;

  /** `harmless`: statement texts that write sessions without ending any (the idle timer's). */
  constructor(harmless: readonly string[]) {
    this.#harmless = new Set(harmless);
  }

  /** The watcher a database tells of writes (Database.watchWrites). */
  readonly watcher: WriteWatcher = {
    channel: AUTH_CHANGED_CHANNEL,
    concerns: (sql) => this.#concerns(sql),
    changed: () => this.forget(),
    watching: (heard) => {
      this.#heard = heard;
      this.forget();
    },
  };

  /** Marks the moment a read from the database starts: `keep` refuses what was read before a change. */
  get generation(): number {
    return this.#generation;
  }

  /** Whether writes by other processes are being heard (always, on the embedded database). */
  get hearing(): boolean {
    return this.#heard;
  }

  forget(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  /** The kept rows of a token's session, if any may be trusted. */
  find(key: string): Entry | undefined {
    if (!this.#heard) return undefined;
    const entry = this.#entries.get(key);
    return entry?.generation === this.#generation ? entry : undefined;
  }

  /** Keeps rows read from the database since `generation`, unless something changed meanwhile. */
  keep(key: string, generation: number, row: SessionRow, client: SessionClientRow | undefined): void {
    if (!this.#heard || generation !== this.#generation) return;
    this.#entries.delete(key);
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, { row, client, generation });
  }

  #concerns(sql: string): boolean {
    let verdict = this.#verdicts.get(sql);
    if (verdict === undefined) {
      verdict = !this.#harmless.has(sql) && AUTH_WRITE.test(sql);
      // Texts are nearly all constants; a text built per call must not grow the map for ever.
      if (this.#verdicts.size < 2_000) this.#verdicts.set(sql, verdict);
    }
    return verdict;
  }
}
