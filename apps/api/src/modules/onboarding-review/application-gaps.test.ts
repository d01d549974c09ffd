import { describe, expect, it } from 'vitest';
import { useDemoWorld } from '../../testing/demo-world';
import { expectProblem } from '../../testing/onboarding-helpers';

// The back office never offers an approval that fails: the record lists what an application
// lacks, and the API refuses to approve it while anything is missing. The payments role opens
// the record (to credit and adjust the right client), and operators find clients by search.
describe('application gaps, client search and who opens a record', () => {
  const { test, sessions } = useDemoWorld({
    sessions: {
      compliance: ['compliance@demo.test', true],
      payments: ['payments@demo.test', true],
    },
  });
  const pendingId = async () => {
    const [row] = await test.db.query<{ id: string }>(
      "SELECT id FROM clients WHERE email = 'pending@demo.test'",
    );
    return row?.id ?? '';
  };
  const get = (url: string, headers: Record<string, string>) =>
    test.app.inject({ method: 'GET', url: `/api/backoffice${url}`, headers });

  it('an application without an address shows the gap and cannot be approved', async () => {
    const id = await pendingId();
    const before = await get(`/clients/${id}`, sessions.compliance.headers);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data.application_gaps).toEqual([]);

    await test.db.query('DELETE FROM client_addresses WHERE client_id = $1', [id]);
    const after = await get(`/clients/${id}`, sessions.compliance.headers);
    expect(after.json().data.application_gaps).toEqual(['address']);
    const approve = await test.app.inject({
      method: 'POST',
      url: `/api/backoffice/clients/${id}/approve`,
      headers: sessions.compliance.headers,
      payload: {},
    });
    expectProblem(approve, 409, 'application_incomplete');
    const [row] = await test.db.query<{ status: string }>('SELECT status FROM clients WHERE id = $1', [id]);
    expect(row?.status).toBe('ON_APPROVAL');
  });

  it('finds clients of any status by name, e-mail or phone, and refuses a one-letter search', async () => {
    const byName = await get('/applications?q=riley', sessions.compliance.headers);
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json().data.map((row: { email: string }) => row.email)).toEqual(['pending@demo.test']);
    const byEmail = await get('/applications?q=private%40demo', sessions.payments.headers);
    expect(byEmail.json().data.map((row: { status: string }) => row.status)).toEqual(['APPROVED']);
    const wildcard = await get('/applications?q=%25%25', sessions.compliance.headers);
    expect(wildcard.json().data).toEqual([]);
    expectProblem(await get('/applications?q=r', sessions.compliance.headers), 400);
  });

  it('the payments role opens a client record with its accounts', async () => {
    const [row] = await test.db.query<{ id: string }>(
      "SELECT id FROM clients WHERE email = 'private@demo.test'",
    );
    const record = await get(`/clients/${row?.id}`, sessions.payments.headers);
    expect(record.statusCode, record.body).toBe(200);
    expect(record.json().data.accounts.length).toBeGreaterThan(0);
  });
});
