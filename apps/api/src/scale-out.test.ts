import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './config';
import type { Database } from './db/database';
import { openPostgresDatabase } from './db/postgres-database';
import { ALL_JOBS } from './jobs';
import { usePaymentFileWorld } from './modules/rails/testing/payment-file-world';
import { previousDay } from './modules/reporting';
import { testDatabaseDriver } from './testing/test-database';

// Two API instances, each with its own connection pool and its own runner of every background
// job, on one PostgreSQL database (docs/decisions/0035): each unit of work is claimed once.
describe.runIf(testDatabaseDriver() === 'postgres')('two API instances on one database', () => {
  const { test, sessions, accounts, setChannel, payAndConfirm } = usePaymentFileWorld();
  const received: string[] = [];
  let gateway: Server;
  let secondDb: Database;

  beforeAll(async () => {
    // A slow SMS gateway widens the window in which both instances look at the same message.
    gateway = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push((JSON.parse(body) as { text: string }).text);
        setTimeout(() => response.end('{}'), 20);
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const [row] = await test.db.query<{ schema: string }>('SELECT current_schema() AS schema');
    secondDb = await openPostgresDatabase({
      connectionString: process.env.TEST_DATABASE_URL ?? '',
      poolSize: 10,
      searchPath: row?.schema ?? '',
    });
    vi.stubEnv('PAYMENT_RAIL_POLL_MS', '50');
    vi.stubEnv('PAYMENT_SIMULATOR_DELAY_SECONDS', '0');
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await secondDb?.close();
    await new Promise((resolve) => gateway?.close(resolve));
  });

  const sepa = (name: string) => ({
    type: 'sepa',
    account_id: accounts.aliceEur.id,
    amount: 300,
    currency: 'EUR',
    recipient: { name, iban: 'DE89370400440532013000' },
  });

  async function until(done: () => Promise<boolean>) {
    for (let waited = 0; !(await done()); waited += 100) {
      if (waited > 15_000) throw new Error('the jobs did not finish in 15 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('settles each payment, sends each message and reconciles the day once', async () => {
    await setChannel('sepa', 'simulator');
    const payments = [];
    for (let i = 0; i < 6; i++) payments.push(await payAndConfirm(sepa(`Scale ${i}`)));
    for (let i = 0; i < 30; i++) {
      await test.db.query(
        `INSERT INTO outbox_messages (channel, recipient, subject, body_text) VALUES ('sms', '+447700900123', '', $1)`,
        [`scale-out message ${i}`],
      );
    }
    const day = previousDay(new Date());
    const reconciled = () =>
      test.db.query(
        `SELECT 1 FROM audit_log WHERE action = 'system.safeguarding_reconciled' AND object_id = $1`,
        [day],
      );
    expect(await reconciled()).toHaveLength(0);

    const config = testConfig({
      SMS_GATEWAY_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/`,
    });
    const instances: FastifyInstance[] = [
      await buildApp({ config, db: test.db, jobs: ALL_JOBS }),
      await buildApp({ config, db: secondDb, jobs: ALL_JOBS }),
    ];
    try {
      await Promise.all(instances.map((app) => app.ready()));
      const ids = payments.map((payment) => payment.id);
      await until(async () => {
        const open = await test.db.query(
          `SELECT 1 FROM rail_submissions WHERE payment_id = ANY($1::uuid[]) AND state <> 'settled'
           UNION ALL SELECT 1 FROM outbox_messages WHERE channel = 'sms' AND status = 'pending'`,
          [ids],
        );
        return open.length === 0;
      });
    } finally {
      await Promise.all(instances.map((app) => app.close()));
    }

    const submissions = await test.db.query<{ attempts: number }>(
      'SELECT attempts FROM rail_submissions WHERE payment_id = ANY($1::uuid[])',
      [payments.map((payment) => payment.id)],
    );
    expect(submissions.map((row) => row.attempts)).toEqual([1, 1, 1, 1, 1, 1]);
    const [transfers] = await test.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_transfers WHERE reference_type = 'payment' AND reference_id = ANY($1::text[])`,
      [payments.map((payment) => payment.id)],
    );
    expect(transfers?.n).toBe(6 * 4); // two holds and their two posts each, nothing twice
    const ours = received.filter((text) => text.startsWith('scale-out message'));
    expect(ours).toHaveLength(30);
    expect(new Set(received).size).toBe(received.length);
    expect(await reconciled()).toHaveLength(1);
  });

  it('puts each payment in exactly one file when both export at once', async () => {
    await setChannel('sepa', 'file');
    const payments = [];
    for (let i = 0; i < 4; i++) payments.push(await payAndConfirm(sepa(`File ${i}`)));
    const second = await buildApp({ config: testConfig(), db: secondDb });
    try {
      // The operator's session lives in the database, so either instance accepts it.
      const answers = await Promise.all(
        [test.app, second].map((app) =>
          app.inject({
            method: 'POST',
            url: '/api/backoffice/payment-files',
            headers: sessions.operator.headers,
            payload: { rail: 'sepa' },
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toContain(201);
      for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
    } finally {
      await second.close();
    }
    const rows = await test.db.query<{ file_id: string | null; state: string; attempts: number }>(
      `SELECT p.file_id, s.state, s.attempts FROM payments p JOIN rail_submissions s ON s.payment_id = p.id
       WHERE p.id = ANY($1::uuid[])`,
      [payments.map((payment) => payment.id)],
    );
    expect(rows.every((row) => row.file_id !== null && row.state === 'submitted' && row.attempts === 1)).toBe(
      true,
    );
    const files = await test.db.query<{ payment_count: number }>(
      'SELECT payment_count FROM payment_files WHERE id = ANY($1::uuid[])',
      [[...new Set(rows.map((row) => row.file_id))]],
    );
    expect(files.reduce((sum, file) => sum + file.payment_count, 0)).toBe(4);
  });
});
