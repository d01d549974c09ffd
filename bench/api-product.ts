import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { demoServerEnv, freePort, listeningUrl, stopServer } from '../e2e/production-server';
import type { HttpClient } from './http-load';
import { childPid, ProcessMemory } from './process-memory';

// The product as `npm start` runs it (scripts/start.mjs builds a stale dist first), in demo mode
// on a database of the benchmark's own, and the demo clients' side of the API: log-in with the
// e-mailed code, accounts, and an internal payment created and confirmed with its code.
const repositoryRoot = join(import.meta.dirname, '..');
export const DEMO_PASSWORD = 'Demo-password-1';
export const DEMO_CLIENTS = ['private@demo.test', 'business@demo.test'] as const;

/** `memory` reads the resident memory of the server process itself (not its launcher's, not ours). */
export type Product = { url: string; memory: ProcessMemory; stop: () => Promise<void> };

export async function startProduct(databaseUrl: string): Promise<Product> {
  const port = await freePort();
  // BENCH_SERVER_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" runs the built server directly with
  // those node flags (node refuses them in NODE_OPTIONS), to profile it.
  const nodeArgs = process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean);
  const command = nodeArgs ? [...nodeArgs, 'apps/api/dist/server.js'] : ['scripts/start.mjs'];
  const child: ChildProcess = spawn(process.execPath, command, {
    cwd: repositoryRoot,
    env: { ...process.env, ...demoServerEnv(port), DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await listeningUrl(child, 300_000);
  // scripts/start.mjs runs the server as its own child; with BENCH_SERVER_ARGS the child is the server.
  const pid = nodeArgs ? (child.pid as number) : childPid(child.pid as number);
  return { url, memory: new ProcessMemory(pid), stop: () => stopServer(child) };
}

/** Reads one-time codes from the outbox table, as a mailbox would receive them. */
export class Mailbox {
  private constructor(private readonly pool: pg.Pool) {}

  static open(databaseUrl: string): Mailbox {
    return new Mailbox(new pg.Pool({ connectionString: databaseUrl, max: 8 }));
  }

  /** The code of the newest message to `to` whose text contains `marker`, waiting for it a little. */
  async code(to: string, marker: string, after = new Date(0)): Promise<string> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const { rows } = await this.pool.query<{ body_text: string }>(
        `SELECT body_text FROM outbox_messages
          WHERE lower(recipient) = lower($1) AND position($2 in body_text) > 0 AND created_at > $3
          ORDER BY created_at DESC LIMIT 1`,
        [to, marker, after],
      );
      const code = /\b(\d{6})\b/.exec(rows[0]?.body_text ?? '')?.[1];
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`no code for ${to} (${marker})`);
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

export async function logIn(http: HttpClient, mailbox: Mailbox, email: string): Promise<string> {
  const before = new Date(Date.now() - 1000);
  const step1 = await http.json<{ data: { challenge_id: string } }>(
    'POST',
    '/api/auth/login',
    {},
    {
      email,
      password: DEMO_PASSWORD,
    },
  );
  const code = await mailbox.code(email, '', before);
  const step2 = await http.json<{ data: { token: string } }>(
    'POST',
    '/api/auth/login/verify',
    {},
    {
      challenge_id: step1.data.challenge_id,
      code,
    },
  );
  return step2.data.token;
}

export type DemoAccount = { id: string; iban: string; currency: string };

export async function eurAccount(http: HttpClient, token: string): Promise<DemoAccount> {
  const groups = await http.json<{
    data: { iban: string; accounts: { data: { id: string; currency: { code: string } }[] } }[];
  }>('GET', '/api/client/accounts', { authorization: `Bearer ${token}` });
  for (const group of groups.data)
    for (const account of group.accounts.data)
      if (account.currency.code === 'EUR') return { id: account.id, iban: group.iban, currency: 'EUR' };
  throw new Error('the demo client has no EUR account');
}

export type Payer = { worker: number; email: string; token: string; from: DemoAccount; to: DemoAccount };

let keys = 0;

/** Milliseconds spent in each step of the payments so far, to say where a payment's time goes. */
export const paymentSteps = { create: [] as number[], code: [] as number[], confirm: [] as number[] };

/** One internal payment of 1.00 EUR: create, read the code from the mailbox, confirm. */
export async function pay(http: HttpClient, mailbox: Mailbox, payer: Payer): Promise<void> {
  const auth = { authorization: `Bearer ${payer.token}` };
  // The payee's name is the worker's own, so the code this worker waits for is never another's.
  const name = `Bench payee ${payer.worker}`;
  const before = new Date(Date.now() - 1000);
  const started = performance.now();
  const created = await http.json<{ data: { id: string } }>(
    'POST',
    '/api/client/payments',
    { ...auth, 'idempotency-key': `bench-${process.pid}-${Date.now()}-${keys++}` },
    {
      type: 'internal',
      account_id: payer.from.id,
      amount: 100,
      currency: 'EUR',
      recipient: { name, account_number: payer.to.iban },
    },
  );
  const createdAt = performance.now();
  const code = await mailbox.code(payer.email, name, before);
  const codeAt = performance.now();
  await http.json('POST', `/api/client/payments/${created.data.id}/confirm`, auth, { code });
  paymentSteps.create.push(createdAt - started);
  paymentSteps.code.push(codeAt - createdAt);
  paymentSteps.confirm.push(performance.now() - codeAt);
}
