import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/use-test-app';

const test = useTestApp();

async function linkFromWaitlistMail(email: string) {
  await test.app.inject({
    method: 'POST',
    url: '/api/public/card-waitlist',
    payload: { email, consent: true },
  });
  const outbox = (await test.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${email}` })).json();
  const link = /(http\S+#\/email-unsubscribe\?\S+)/.exec(outbox.data[0].text)?.[1];
  if (!link) throw new Error('no unsubscribe link in the e-mail');
  const query = new URLSearchParams(link.split('?')[1]);
  return { email: query.get('email') ?? '', signature: query.get('signature') ?? '' };
}

describe('POST /api/public/email-unsubscribe', () => {
  it('works from the signed link in an e-mail and records the choice once', async () => {
    const body = await linkFromWaitlistMail('leaving@example.test');
    const first = await test.app.inject({
      method: 'POST',
      url: '/api/public/email-unsubscribe',
      payload: body,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { status: 'unsubscribed' } });
    const again = await test.app.inject({
      method: 'POST',
      url: '/api/public/email-unsubscribe',
      payload: body,
    });
    expect(again.statusCode).toBe(200);
    expect(await test.db.query('SELECT email_lower FROM email_unsubscribes')).toEqual([
      { email_lower: 'leaving@example.test' },
    ]);
    expect(await test.db.query("SELECT 1 FROM audit_log WHERE action = 'email.unsubscribed'")).toHaveLength(
      1,
    );
  });

  it('refuses a link edited to unsubscribe someone else', async () => {
    const { signature } = await linkFromWaitlistMail('owner@example.test');
    const forged = await test.app.inject({
      method: 'POST',
      url: '/api/public/email-unsubscribe',
      payload: { email: 'victim@example.test', signature },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('invalid_signature');
    expect(
      await test.db.query("SELECT 1 FROM email_unsubscribes WHERE email_lower = 'victim@example.test'"),
    ).toEqual([]);
  });

  it('refuses malformed signatures and extra fields with 400', async () => {
    for (const payload of [
      { email: 'a@example.test', signature: 'short' },
      { email: 'a@example.test', signature: 'x'.repeat(43), admin: true },
    ]) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/public/email-unsubscribe',
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
  });
});
