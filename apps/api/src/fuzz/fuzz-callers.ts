import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/database';
import { DEMO_PASSWORD, logIn } from '../testing/onboarding-helpers';

// The three kinds of caller the fuzz run plays: nobody, an approved client and an operator
// (the demo users). A fuzzed request may end a session (log-out is a valid request with no
// body), so a caller checks its session between operations and logs in again when needed. Fuzzed
// wrong passwords on the step-up routes count towards the log-in lockout, as they should; the
// lockout has its own tests, so before logging in again the caller lifts its own.
export type Caller = {
  name: 'anonymous' | 'client' | 'operator';
  headers(): Record<string, string>;
  /** Logs in again if the last operation ended the session. */
  refresh(): Promise<void>;
  /** Ids seen in this caller's successful answers. */
  seenIds: string[];
  /** The caller's own accounts, so a request naming accounts reaches the money rules behind them. */
  accountIds: string[];
};

export function anonymous(): Caller {
  return { name: 'anonymous', headers: () => ({}), refresh: async () => {}, seenIds: [], accountIds: [] };
}

export async function demoCaller(
  app: FastifyInstance,
  db: Queryable,
  name: 'client' | 'operator',
  email: string,
): Promise<Caller> {
  const backoffice = name === 'operator';
  let headers = (await logIn(app, email, DEMO_PASSWORD, backoffice)).headers;
  const whoAmI = backoffice ? '/api/backoffice/me' : '/api/client/data';
  return {
    name,
    seenIds: [],
    accountIds: backoffice ? [] : await accountIdsOf(app, headers),
    headers: () => headers,
    async refresh() {
      const check = await app.inject({ method: 'GET', url: whoAmI, headers });
      if (check.statusCode !== 401) return;
      await db.query('DELETE FROM login_lockouts WHERE login_name = $1', [email.toLowerCase()]);
      headers = (await logIn(app, email, DEMO_PASSWORD, backoffice)).headers;
    },
  };
}

type AccountGroups = { data?: { accounts: { data: { id: string }[] } }[] };

async function accountIdsOf(app: FastifyInstance, headers: Record<string, string>): Promise<string[]> {
  const answer = await app.inject({ method: 'GET', url: '/api/client/accounts', headers });
  const groups = (answer.json() as AccountGroups).data ?? [];
  return groups.flatMap((group) => group.accounts.data.map((account) => account.id));
}
