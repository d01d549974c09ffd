import pg from 'pg';
import { DEMO_CLIENTS, DEMO_PASSWORD, type DemoAccount, eurAccount } from './api-product';
import { gbpAccount } from './exchange-api';
import { type Answer, HttpClient } from './http-load';

// The drill's clients (bench/drill-scale.ts): each logs in as a demo client through the balancer
// and, until told to stop, pays 1.00 EUR to the other demo client (create, code from the
// outbox, confirm, each with an Idempotency-Key and retried with the same key after a network
// error or a 5xx); of every ten rounds one exchanges 1.00 EUR into GBP instead (quote, confirm
// with a key) and one reads a statement. Every attempt that fails is counted by
// kind; every payment and exchange whose confirmation succeeded is acknowledged and checked at
// the end.

export type Acknowledged = { id: string; key: string };

export class DrillStats {
  readonly errors = new Map<string, number>();
  readonly acknowledged: Acknowledged[] = [];
  /** The ids of the exchanges whose confirmation succeeded. */
  readonly exchanges: string[] = [];
  /** When each successful request ended, after when it started (ms since the epoch). */
  readonly successes: { started: number; ended: number }[] = [];
  abandoned = 0;
  /** Operations cut off by the final crash of the primary (never acknowledged, never retried). */
  cutOff = 0;
  statements = 0;

  count(kind: string): void {
    this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
  }

  /** Milliseconds from `at` to the end of the first successful request started after it. */
  recoveredAfter(at: number): number {
    const first = this.successes.find((success) => success.started >= at);
    return first ? first.ended - at : Number.NaN;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Thrown instead of a retry once the final crash has begun: the operation ends unacknowledged. */
class Halted extends Error {}
const RETRY_FOR_MS = 60_000;

/** The outbox of the primary, as a mailbox would receive its messages; retried while it is down. */
class Mailbox {
  private readonly pool: pg.Pool;
  constructor(databaseUrl: string) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 4, connectionTimeoutMillis: 2000 });
    this.pool.on('error', () => undefined);
  }

  async code(to: string, marker: string, stats: DrillStats, halted: () => boolean): Promise<string> {
    const deadline = Date.now() + RETRY_FOR_MS;
    while (Date.now() < deadline) {
      try {
        const { rows } = await this.pool.query<{ body_text: string }>(
          `SELECT body_text FROM outbox_messages
            WHERE lower(recipient) = lower($1) AND position($2 in body_text) > 0
            ORDER BY created_at DESC LIMIT 1`,
          [to, marker],
        );
        const code = /\b(\d{6})\b/.exec(rows[0]?.body_text ?? '')?.[1];
        if (code) return code;
      } catch {
        if (halted()) throw new Halted();
        stats.count('mailbox: database unavailable');
      }
      await sleep(20);
    }
    throw new Error(`no code for ${to} (${marker})`);
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

export class DrillClients {
  private readonly http: HttpClient;
  private readonly mailbox: Mailbox;
  private stopping = false;
  private halting = false;
  private readonly halted = () => this.halting;
  private sequence = 0;
  readonly stats = new DrillStats();

  constructor(
    balancerUrl: string,
    databaseUrl: string,
    private readonly concurrency: number,
  ) {
    this.http = new HttpClient(balancerUrl, concurrency * 2);
    this.mailbox = new Mailbox(databaseUrl);
  }

  /** One request, sent again with the same headers (and key) after a network error or a 5xx. */
  private async send(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<Answer> {
    const deadline = Date.now() + RETRY_FOR_MS;
    for (let attempt = 0; ; attempt++) {
      const started = Date.now();
      let kind: string;
      try {
        const answer = await this.http.request(method, path, headers, body);
        if (answer.status < 500) {
          if (answer.status < 300) this.stats.successes.push({ started, ended: Date.now() });
          return answer;
        }
        const code = /"code":"([a-z_]+)"/.exec(answer.body)?.[1];
        kind = `HTTP ${answer.status}${code ? ` ${code}` : ''}`;
      } catch (error) {
        kind = `network: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`;
      }
      if (this.halting) throw new Halted();
      const route = path.split('?')[0]?.replace(/[0-9a-f-]{36}/g, ':id');
      this.stats.count(`${method} ${route}: ${kind}`);
      if (Date.now() > deadline) throw new Error(`${method} ${path}: still failing (${kind})`);
      await sleep(Math.min(1000, 50 * 2 ** attempt));
    }
  }

  private async logIn(email: string): Promise<string> {
    const step1 = await this.send('POST', '/api/auth/login', {}, { email, password: DEMO_PASSWORD });
    const challenge = (JSON.parse(step1.body) as { data: { challenge_id: string } }).data.challenge_id;
    // Every log-in of one client reads the newest code: log in one at a time.
    const code = await this.mailbox.code(email, '', this.stats, this.halted);
    const step2 = await this.send('POST', '/api/auth/login/verify', {}, { challenge_id: challenge, code });
    if (step2.status !== 200) throw new Error(`log-in of ${email}: ${step2.status} ${step2.body}`);
    return (JSON.parse(step2.body) as { data: { token: string } }).data.token;
  }

  private async pay(worker: number, token: string, email: string, from: DemoAccount, to: DemoAccount) {
    const auth = { authorization: `Bearer ${token}` };
    const key = `drill-${process.pid}-${worker}-${this.sequence++}`;
    // The payee's name is unique to the payment, so its code is found by it in the outbox.
    const name = `Drill ${key}`;
    const created = await this.send(
      'POST',
      '/api/client/payments',
      { ...auth, 'idempotency-key': key },
      {
        type: 'internal',
        account_id: from.id,
        amount: 100,
        currency: 'EUR',
        description: key,
        recipient: { name, account_number: to.iban },
      },
    );
    if (created.status >= 300) {
      this.stats.count(`payment refused: HTTP ${created.status}`);
      return;
    }
    const id = (JSON.parse(created.body) as { data: { id: string } }).data.id;
    const code = await this.mailbox.code(email, name, this.stats, this.halted);
    const confirmed = await this.send(
      'POST',
      `/api/client/payments/${id}/confirm`,
      { ...auth, 'idempotency-key': `${key}-confirm` },
      { code },
    );
    if (confirmed.status >= 300) {
      this.stats.count(`confirmation refused: HTTP ${confirmed.status} ${confirmed.body.slice(0, 120)}`);
      return;
    }
    this.stats.acknowledged.push({ id, key });
  }

  private async exchange(worker: number, token: string, from: DemoAccount, to: string) {
    const auth = { authorization: `Bearer ${token}` };
    // A quote is only a price: one lost to an error is left to expire and another is asked for.
    const quoted = await this.send('POST', '/api/client/exchanges/quote', auth, {
      from_account_id: from.id,
      to_account_id: to,
      sell_amount: 100,
    });
    if (quoted.status >= 300) {
      this.stats.count(`quote refused: HTTP ${quoted.status}`);
      return;
    }
    const id = (JSON.parse(quoted.body) as { data: { id: string } }).data.id;
    const key = `drill-x-${process.pid}-${worker}-${this.sequence++}`;
    const confirmed = await this.send('POST', `/api/client/exchanges/${id}/confirm`, {
      ...auth,
      'idempotency-key': key,
    });
    if (confirmed.status >= 300) {
      this.stats.count(`exchange refused: HTTP ${confirmed.status} ${confirmed.body.slice(0, 120)}`);
      return;
    }
    this.stats.exchanges.push(id);
  }

  /** Logs every worker in, then runs them until `stop`; resolves when all have finished. */
  async run(): Promise<void> {
    const tokens: string[] = [];
    for (let worker = 0; worker < Math.max(this.concurrency, 2); worker++)
      tokens.push(await this.logIn(DEMO_CLIENTS[worker % 2] as string));
    const accounts = [
      await eurAccount(this.http, tokens[0] as string),
      await eurAccount(this.http, tokens[1] as string),
    ];
    const gbp = [
      await gbpAccount(this.http, tokens[0] as string),
      await gbpAccount(this.http, tokens[1] as string),
    ];
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const loop = async (worker: number) => {
      const token = tokens[worker] as string;
      const mine = accounts[worker % 2] as DemoAccount;
      for (let round = 0; !this.stopping; round++) {
        try {
          if (round % 10 === 4) {
            await this.exchange(worker, token, mine, gbp[worker % 2] as string);
          } else if (round % 10 === 9) {
            const path = `/api/client/accounts/${mine.id}/statement?from=${from}&to=${today}`;
            const answer = await this.send('GET', path, { authorization: `Bearer ${token}` });
            if (answer.status === 200) this.stats.statements++;
            else this.stats.count(`statement refused: HTTP ${answer.status}`);
          } else {
            await this.pay(
              worker,
              token,
              DEMO_CLIENTS[worker % 2] as string,
              mine,
              accounts[(worker + 1) % 2] as DemoAccount,
            );
          }
        } catch (error) {
          if (error instanceof Halted) {
            this.stats.cutOff++;
            continue;
          }
          this.stats.abandoned++;
          this.stats.count(`abandoned: ${(error as Error).message.slice(0, 100)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: this.concurrency }, (_, worker) => loop(worker)));
  }

  /** From now on a failure ends its operation unacknowledged instead of being retried. */
  halt(): void {
    this.halting = true;
  }

  stop(): void {
    this.stopping = true;
  }

  async close(): Promise<void> {
    this.http.close();
    await this.mailbox.close();
  }
}
