import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findViolations } from './check-boundaries.mjs';

// A small tree in the shape of docs/decisions/0048-module-order.md, clean by every rule.
const cleanTree: Record<string, string> = {
  'apps/api/src/app.ts': `import Fastify from 'fastify';\nimport { paymentRoutes } from './modules/payments';\nexport const app = Fastify().register(paymentRoutes);\n`,
  'apps/api/src/plugins/error-handler.ts': `import type { FastifyInstance } from 'fastify';\nexport const handler = (app: FastifyInstance) => app;\n`,
  'apps/api/src/db/database.ts': `import { Pool } from 'pg';\nexport const pool = new Pool();\n`,
  'apps/api/src/modules/ledger/index.ts': `export { transfer } from './transfer-rows';\nexport type { Transfer } from './transfer-rows';\n`,
  'apps/api/src/modules/ledger/transfer-rows.ts': `import { pool } from '../../db/database';\nexport type Transfer = { id: string };\nexport const transfer = () => pool.query(\`SELECT * FROM ledger_transfers\`);\n`,
  'apps/api/src/modules/ledger/testing/ledger-fixtures.ts': `import { transfer } from '../transfer-rows';\nexport const seed = () => transfer();\n`,
  'apps/api/src/modules/payments/index.ts': `export { paymentRoutes } from './payments-routes';\nexport { pay } from './payment-service';\n`,
  'apps/api/src/modules/payments/payment-service.ts': `// Comments are not code: ledger_entries, import('fastify'), require('../ledger/transfer-rows').\nimport { transfer } from '../ledger';\nimport type { Transfer } from '../ledger/index';\nexport const pay = (): Promise<Transfer> => transfer();\n`,
  'apps/api/src/modules/payments/payments-routes.ts': `import type { FastifyInstance } from 'fastify';\nimport fp from 'fastify-plugin';\nimport { handler } from '../../plugins/error-handler';\nimport { pay } from './payment-service';\nexport const paymentRoutes = fp(async (app: FastifyInstance) => { handler(app); app.post('/', pay);\n  app.get('/', () => ({ message: 'Select an account', hint: 'Select an account from the list below', undo: 'Delete from your list' })); });\n`,
  'apps/api/src/modules/payments/payments-routes.test.ts': `import { seed } from '../ledger/testing/ledger-fixtures';\nimport { app } from '../../app';\nconst rows = 'SELECT * FROM ledger_entries';\nexport { app, rows, seed };\n`,
  'apps/api/src/modules/payments/testing/payment-fixtures.ts': `import { seed } from '../../ledger/testing/ledger-fixtures';\nexport const paid = () => seed();\n`,
  'packages/core/src/money.ts': `import { z } from 'zod';\nimport { isValidIBAN } from 'ibantools';\nimport { parsePhoneNumber } from 'libphonenumber-js/min';\nimport { round } from './round';\nexport const money = z.number().transform(round);\nexport { isValidIBAN, parsePhoneNumber };\n`,
  'packages/core/src/round.ts': `export const round = (value: number) => Math.round(value);\n`,
  'packages/core/src/money.test.ts': `import fc from 'fast-check';\nimport { expect, it } from 'vitest';\nimport { round } from './round';\nit('rounds', () => fc.assert(fc.property(fc.integer(), (n) => expect(round(n)).toBe(n))));\n`,
  'apps/web/src/main.tsx': `import './app/global.css';\nimport { router } from './app/router';\nexport default router;\n`,
  'apps/web/src/app/global.css': `body { margin: 0; }\n`,
  'apps/web/src/app/router.tsx': `import { Money } from '../components/money';\nexport const router = [() => import('../features/dashboard/dashboard-page'), () => import('../features/payments/payments-page'), Money];\n`,
  'apps/web/src/features/dashboard/dashboard-page.tsx': `import { Money } from '../../components/money';\nimport { formatDate } from '../../lib/format-date';\nimport { total } from './total';\nexport const DashboardPage = () => <Money value={total(formatDate)} />;\n`,
  'apps/web/src/features/dashboard/total.ts': `import { money } from '@bluepeak/core/money';\nexport const total = (format: unknown) => money.parse(String(format).length);\n`,
  'apps/web/src/features/payments/payments-page.tsx': `import { Money } from '../../components/money';\nexport const PaymentsPage = () => <Money value={1} />;\n`,
  'apps/web/src/components/money.tsx': `import { formatDate } from '../lib/format-date';\nexport const Money = ({ value }: { value: number }) => <span title={formatDate()}>{value}</span>;\n`,
  'apps/web/src/lib/format-date.ts': `export const formatDate = () => new Date().toISOString();\n`,
  'apps/web/src/lib/i18n.d.ts': `import 'i18next';\nimport type backoffice from '../backoffice/locales/en-GB/backoffice.json';\nexport type Resources = { backoffice: typeof backoffice };\n`,
  'apps/web/src/backoffice/locales/en-GB/backoffice.json': `{ "title": "Back office" }\n`,
  'apps/web/src/backoffice/main.tsx': `import { routes } from './app/router';\nexport default routes;\n`,
  'apps/web/src/backoffice/app/router.tsx': `import { LoadFailed } from '../components/load-failed';\nexport const routes = [() => import('../features/queues/queues-page'), () => import('../features/tickets/tickets-page'), LoadFailed];\n`,
  'apps/web/src/backoffice/features/queues/queues-page.tsx': `import { Money } from '../../../components/money';\nimport { formatDate } from '../../../lib/format-date';\nimport { LoadFailed } from '../../components/load-failed';\nexport const QueuesPage = () => <><Money value={1} /><LoadFailed at={formatDate()} /></>;\n`,
  'apps/web/src/backoffice/features/tickets/tickets-page.tsx': `import { LoadFailed } from '../../components/load-failed';\nexport const TicketsPage = () => <LoadFailed at="now" />;\n`,
  'apps/web/src/backoffice/components/load-failed.tsx': `import { formatDate } from '../../lib/format-date';\nexport const LoadFailed = ({ at }: { at: string }) => <p>{at || formatDate()}</p>;\n`,
  'apps/api/package.json': `{ "name": "@bluepeak/api", "private": true }\n`,
  'packages/core/package.json': `{ "name": "@bluepeak/core", "exports": { "./money": "./src/money.ts" } }\n`,
  'apps/api/migrations/0001_payments.sql': `CREATE TABLE payments (id uuid PRIMARY KEY);\nCREATE TABLE IF NOT EXISTS recipients (id uuid);\n`,
  'apps/api/src/modules/payments/payment-rows.ts': `export const markSent = 'UPDATE payments SET status = $2 WHERE id = $1';\nexport const read = 'select p.id from payments p join recipients r on r.id = p.recipient_id';\n`,
  'bench/ledger.ts': `import { transfer } from '../apps/api/src/modules/ledger';\nconst rows = 'SELECT count(*) FROM ledger_entries';\nexport { rows, transfer };\n`,
};

// One violation of each rule, in each form an import can take: rule -> file to create (or replace) -> text.
const plantsByRule: Record<string, Record<string, string>> = {
  'module-order': {
    'apps/api/src/modules/ledger/pay.ts': `import { pay } from '../payments';\nexport const later = pay;\n`,
    'apps/api/src/modules/ledger/pay-type.ts': `export type Pay = typeof import('../payments').pay;\n`,
  },
  'module-declared': {
    'apps/api/src/modules/gadgets/index.ts': `export const gadget = 1;\n`,
  },
  'no-import-cycles': {
    'packages/core/src/round.ts': `import type { money } from './money';\nexport const round = (value: number) => value;\nexport type M = typeof money;\n`,
    'apps/web/src/lib/format-date.ts': `import { Money } from '../components/money';\nexport const formatDate = () => String(Money);\n`,
  },
  'table-owner': {
    'apps/api/src/modules/payments/forget-recipient-rows.ts': `export const sql = 'update recipients set removed_at = now() where id = $1';\n`,
    'apps/api/src/modules/payments/move-rows.ts': `export const sql = \`WITH moved AS (DELETE FROM recipients WHERE id = $1 RETURNING id)\n  SELECT count(*) FROM moved\`;\n`,
    'apps/api/src/modules/payments/hold-rows.ts': `export const sql = 'LOCK TABLE recipients IN EXCLUSIVE MODE';\n`,
    'apps/api/src/lib/reset.ts': `export const sql = 'TRUNCATE payments';\n`,
    'apps/api/src/seed/seed.ts': `export const sql = 'INSERT INTO payments (id) VALUES ($1)';\n`,
  },
  'table-owner-declared': {
    'apps/api/migrations/0099_gadgets.sql': `CREATE TABLE gadgets (id uuid PRIMARY KEY);\n`,
  },
  'sql-in-rows': {
    'apps/api/src/modules/payments/cancel-payment.ts': `import { pool } from '../../db/database';\nexport const cancel = (id: string) =>\n  pool.query("UPDATE payments SET status = 'cancelled' WHERE id = $1", [id]);\n`,
    'apps/api/src/modules/ledger/check-cli.ts': `export const count = 'select count(*) from ledger_transfers';\n`,
  },
  'package-exports': {
    'bench/deep.ts': `import { pool } from '@bluepeak/api/src/db/database';\nexport { pool };\n`,
    'apps/web/src/lib/deep.ts': `import { money } from '@bluepeak/core/src/money';\nexport { money };\n`,
  },
  'http-platform-no-sql': {
    'apps/api/src/plugins/tenant.ts': `export const sql = 'select id from clients where id = $1';\n`,
    'apps/api/src/app.ts': `import Fastify from 'fastify';\nimport { paymentRoutes } from './modules/payments';\nexport const app = Fastify().register(paymentRoutes);\nexport const warm = 'SELECT 1';\n`,
  },
  'module-index': {
    'apps/api/src/modules/payments/refund.ts': `import { transfer } from '../ledger/transfer-rows';\n`,
    'apps/api/src/modules/payments/reexport.ts': `export { transfer } from '../ledger/transfer-rows';\n`,
    'apps/api/src/modules/payments/star.ts': `export * from '../ledger/transfers.js';\n`,
    'apps/api/src/jobs.ts': `export const start = () => import('./modules/ledger/transfer-rows');\n`,
    'apps/api/src/seed/seed.ts': `import '../modules/payments/payment-service';\n`,
    'apps/api/src/modules/payments/demo.ts': `import { seed } from '../ledger/testing/ledger-fixtures';\nexport const demo = seed;\n`,
    'apps/api/src/modules/payments/refund.test.ts': `import type { Transfer } from '../ledger/transfer-rows';\nexport type T = Transfer;\n`,
    'bench/payments.ts': `const service = require('../apps/api/src/modules/payments/payment-service');\nexport { service };\n`,
  },
  'ledger-tables': {
    'apps/api/src/modules/payments/payment-view-rows.ts': `export const view = (id: string) => \`SELECT * FROM \${id} JOIN ledger_entries e ON true\`;\n`,
    'apps/api/src/db/counts.ts': `export const table = 'ledger_balances';\n`,
  },
  'services-no-http': {
    'apps/api/src/modules/payments/payment-hook.ts': `import type { FastifyRequest } from 'fastify';\nexport const hook = (request: FastifyRequest) => request.id;\n`,
    'apps/api/src/modules/payments/cookie.ts': `const cookie = require('@fastify/cookie');\nexport { cookie };\n`,
    'apps/api/src/modules/payments/payment-worker.ts': `import { paymentRoutes } from './payments-routes';\nexport const worker = paymentRoutes;\n`,
    'apps/api/src/modules/payments/payment-errors.ts': `import x = require('../../plugins/error-handler');\nexport const errors = x;\n`,
  },
  'routes-no-sql': {
    'apps/api/src/modules/payments/status-routes.ts': `export const sql = 'select status from payments where id = $1';\n`,
    'apps/api/src/modules/payments/lock-routes.ts': `export const sql = 'LOCK TABLE payments IN SHARE MODE';\n`,
    'apps/api/src/modules/payments/reset-routes.ts': `export const sql = 'truncate payments';\n`,
    'apps/api/src/modules/payments/merge-routes.ts': `export const sql = 'MERGE INTO payments p USING x ON p.id = x.id WHEN MATCHED THEN DO NOTHING';\n`,
    'apps/api/src/modules/payments/export-routes.ts': `export const sql = 'COPY payments TO STDOUT';\n`,
    'apps/api/src/modules/payments/payments-routes.ts': `import { pool } from '../../db/database';\nexport const paymentRoutes = () =>\n  pool.query(\`\n    UPDATE payments SET status = 'sent'\`);\n`,
  },
  'ledger-db-no-http': {
    'apps/api/src/db/plugin.ts': `import fp from 'fastify-plugin';\nexport const plugin = fp;\n`,
    'apps/api/src/modules/ledger/ledger-routes.ts': `import type { FastifyInstance } from 'fastify';\nexport type App = FastifyInstance;\n`,
  },
  'platform-below-modules': {
    'apps/api/src/plugins/caller.ts': `import type { Transfer } from '../modules/ledger';\nexport type Caller = Transfer;\n`,
    'apps/api/src/lib/pay-link.ts': `import { pay } from '../modules/payments';\nexport const link = pay;\n`,
  },
  'core-pure': {
    'packages/core/src/read.ts': `import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n`,
    'packages/core/src/fs.ts': `import 'fs';\n`,
    'packages/core/src/mail.ts': `export * from 'nodemailer';\n`,
    'packages/core/src/db.ts': `export type Pool = import('pg').Pool;\n`,
    'packages/core/src/app.ts': `export { app } from '../../../apps/api/src/app';\n`,
    'packages/core/src/check.ts': `import fc from 'fast-check';\nexport const check = fc;\n`,
  },
  'client-no-backoffice': {
    'apps/web/src/lib/operator.ts': `export const load = () => import('../backoffice/components/load-failed');\n`,
    'apps/web/src/lib/titles.ts': `import titles from '../backoffice/locales/en-GB/backoffice.json';\nexport { titles };\n`,
  },
  'backoffice-no-client': {
    'apps/web/src/backoffice/features/queues/payments.tsx': `import { PaymentsPage } from '../../../features/payments/payments-page';\nexport { PaymentsPage };\n`,
    'apps/web/src/backoffice/main.tsx': `import '../app/global.css';\nimport { routes } from './app/router';\nexport default routes;\n`,
  },
  'features-apart': {
    'apps/web/src/features/dashboard/pay.tsx': `export { PaymentsPage } from '../payments/payments-page';\n`,
    'apps/web/src/backoffice/features/queues/ticket.tsx': `export const ticket = () => import('../tickets/tickets-page');\n`,
  },
  'features-below-shell': {
    'apps/web/src/backoffice/features/queues/entry.ts': `export const entry = () => import('../../main');\n`,
    'apps/web/src/features/payments/routes.ts': `import { router } from '../../app/router';\nexport { router };\n`,
    'apps/web/src/backoffice/features/tickets/routes.ts': `import type { routes } from '../../app/router';\nexport type R = typeof routes;\n`,
  },
  'shared-below-features': {
    'apps/web/src/components/dashboard-link.tsx': `import { DashboardPage } from '../features/dashboard/dashboard-page';\nexport { DashboardPage };\n`,
    'apps/web/src/backoffice/components/queues-link.tsx': `import { QueuesPage } from '../features/queues/queues-page';\nexport { QueuesPage };\n`,
  },
  'web-no-api': {
    'apps/web/src/lib/server.ts': `import { app } from '../../../api/src/app';\nexport { app };\n`,
  },
  'api-no-web': {
    'apps/api/src/plugins/spa.ts': `import { router } from '@bluepeak/web/src/app/router';\nexport { router };\n`,
  },
};
const plants = Object.entries(plantsByRule).flatMap(([rule, files]) =>
  Object.entries(files).map(([file, text]) => ({ rule, file, text })),
);

const checker = join(dirname(fileURLToPath(import.meta.url)), 'check-boundaries.mjs');
let scratch: string;
let clean: string;

function writeTree(root: string, files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'boundaries-'));
  clean = join(scratch, 'clean');
  writeTree(clean, cleanTree);
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('check-boundaries', () => {
  it('passes the clean tree', () => {
    expect(findViolations(clean)).toEqual([]);
    expect(execFileSync('node', [checker, clean], { encoding: 'utf8' })).toContain('Import boundaries: ok');
  });

  it('plants at least one violation of every rule', async () => {
    const { rules } = await import('./boundary-rules.mjs');
    expect(new Set(plants.map((plant) => plant.rule))).toEqual(new Set(rules.map((rule) => rule.id)));
  });

  it.each(plants.map((plant, index) => ({ ...plant, index })))(
    'refuses $file ($rule)',
    ({ rule, file, text, index }) => {
      const planted = join(scratch, `plant-${index}`);
      cpSync(clean, planted, { recursive: true });
      writeTree(planted, { [file]: text });
      const violations = findViolations(planted);
      expect(violations.map((violation) => [violation.file, violation.rule])).toEqual([[file, rule]]);
      expect(violations[0]?.message).toMatch(new RegExp(`^${file}:\\d+: .* — ${rule}: `));
    },
  );

  it('exits 1 and names the file and rule from the command line', () => {
    const planted = join(scratch, 'command-line');
    cpSync(clean, planted, { recursive: true });
    writeTree(planted, { 'packages/core/src/read.ts': `import { readFile } from 'node:fs/promises';\n` });
    let stderr = '';
    let status = 0;
    try {
      execFileSync('node', [checker, planted], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      ({ stderr, status } = error as { stderr: string; status: number });
    }
    expect(status).toBe(1);
    expect(stderr).toContain("packages/core/src/read.ts:1: imports 'node:fs/promises' — core-pure:");
  });
});
