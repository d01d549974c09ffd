import { describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/transaction';
import { useDemoWorld } from '../../testing/demo-world';
import { recordMonthlyStatements } from './monthly-statements';

// The monthly statements are announced once per month in the notifications panel and by
// e-mail; an address on the unsubscribe list gets the notification and no e-mail.
const EMAIL = 'private@demo.test';

describe('announcing monthly statements', () => {
  const { test, accounts } = useDemoWorld({ accounts: { eur: [EMAIL, 'EUR', 10_000] } });

  async function record(month: string) {
    const [client] = await test.db.query<{ id: string }>('SELECT id FROM clients WHERE email = $1', [EMAIL]);
    const account = { id: accounts.eur.id, ledger_account_id: accounts.eur.ledgerAccountId };
    return withTransaction(test.db, (tx) => recordMonthlyStatements(tx, client?.id ?? '', [account], month));
  }
  const emailsOf = (month: string) =>
    test.db.query<{ recipient: string; subject: string; body_text: string }>(
      "SELECT recipient, subject, body_text FROM outbox_messages WHERE channel = 'email' AND subject LIKE $1",
      [`%statements of ${month}%`],
    );

  it('e-mails the client once per month, however often the month is recorded', async () => {
    expect(await record('2031-01')).toBe(1);
    expect(await record('2031-01')).toBe(0);
    const emails = await emailsOf('2031-01');
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ recipient: EMAIL });
    expect(emails[0]?.body_text).toContain('Statements page');
  });

  it('sends no e-mail to an address that unsubscribed, but still notifies', async () => {
    await test.db.query('INSERT INTO email_unsubscribes (email_lower) VALUES ($1)', [EMAIL]);
    expect(await record('2031-02')).toBe(1);
    expect(await emailsOf('2031-02')).toHaveLength(0);
    const notified = await test.db.query<{ body: string }>(
      "SELECT body FROM client_notifications WHERE kind = 'statement_ready' AND params->>'month' = '2031-02'",
    );
    expect(notified).toHaveLength(1);
    // The panel shows the body as it is: its dates read DD-MM-YYYY like every date on screen.
    expect(notified[0]?.body).toBe(
      'The statements of 01-02-2031 to 28-02-2031 are ready on the Statements page.',
    );
  });
});
