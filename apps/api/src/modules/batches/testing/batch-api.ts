import { useDemoWorld } from '../../../testing/demo-world';
import { latestCode, type Session } from '../../payments/testing/payment-fixtures';

// The world of the batch API tests: the demo business client (A) with a funded EUR account,
// the demo private client (B) and a payments operator, and the calls they make.
export const A = 'business@demo.test';
export const B = 'private@demo.test';
export const IBAN = 'DE89370400440532013000';

let keys = 0;
export const newKey = () => `batch-key-${++keys}`;

export function multipart(fields: Record<string, string>, file: { name: string; data: Buffer }) {
  const boundary = `----batch${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function csvOf(rows: string[][]): Buffer {
  const header = 'name,iban,amount,currency,description';
  return Buffer.from([header, ...rows.map((row) => row.join(','))].join('\n'));
}

export function useBatchApi() {
  const world = useDemoWorld({
    accounts: { aEur: [A, 'EUR', 100_000_000], bEur: [B, 'EUR', 100_000] },
    sessions: { a: [A], b: [B], operator: ['payments@demo.test', true] },
  });
  const { test } = world;

  const upload = (
    session: Session,
    accountId: string,
    file: { name: string; data: Buffer },
    key = newKey(),
  ) => {
    const body = multipart({ account_id: accountId }, file);
    return test.app.inject({
      method: 'POST',
      url: '/api/client/batches',
      headers: { ...session.headers, 'idempotency-key': key, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const uploadRows = (session: Session, accountId: string, rows: unknown[], key = newKey()) =>
    test.app.inject({
      method: 'POST',
      url: '/api/client/batches',
      headers: { ...session.headers, 'idempotency-key': key },
      payload: { account_id: accountId, rows },
    });
  const call = (
    session: Session,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    extra: Record<string, string> = {},
  ) =>
    test.app.inject({
      method,
      url: `/api/client/batches${url}`,
      headers: { ...session.headers, ...extra },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  /**
   * A draft batch of `rows` rows typed in by A, its code asked for. Amounts count up from
   * `firstAmount`: a test picks ones no earlier test paid, so no row is flagged as a likely
   * duplicate.
   */
  async function batchAwaitingCode(rows: number, firstAmount: number) {
    const typed = Array.from({ length: rows }, (_, at) => ({
      name: `Payee ${at}`,
      iban: IBAN,
      amount: firstAmount + at,
      currency: 'EUR',
    }));
    const created = await uploadRows(world.sessions.a, world.accounts.aEur.id, typed);
    if (created.statusCode !== 201) throw new Error(`upload: ${created.statusCode} ${created.body}`);
    const id = created.json().data.id as string;
    const asked = await call(world.sessions.a, 'POST', `/${id}/code`);
    if (asked.statusCode !== 201) throw new Error(`code: ${asked.statusCode} ${asked.body}`);
    return id;
  }
  const confirmWithCode = async (id: string) =>
    call(world.sessions.a, 'POST', `/${id}/confirm`, { code: await latestCode(test.app, A) });
  async function confirmedBatch(rows: number, firstAmount = 1_000) {
    const id = await batchAwaitingCode(rows, firstAmount);
    const confirmed = await confirmWithCode(id);
    if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`);
    return id;
  }
  async function batchCount() {
    const [row] = await test.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_batches');
    return row?.n ?? 0;
  }
  return {
    ...world,
    upload,
    uploadRows,
    call,
    batchCount,
    batchAwaitingCode,
    confirmWithCode,
    confirmedBatch,
  };
}
