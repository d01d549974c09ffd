import { MAX_OPEN_TICKETS } from '@bluepeak/core/tickets';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/transaction';
import { useDemoWorld } from '../../testing/demo-world';
import { clientData, expectProblem, pngAttachment, type Session } from '../../testing/onboarding-helpers';
import { openTicket } from './ticket-changes';

type Ticket = {
  id: string;
  status: string;
  unread: boolean;
  message_count: number;
  messages: { data: { author: string; operator_name: string | null; body: string }[] };
};

// Messages (docs/requirements/tickets.md, /dashboard/tickets) and the back office's answers.
describe('support tickets', () => {
  const { test, sessions } = useDemoWorld({
    sessions: {
      alex: ['private@demo.test'],
      northwind: ['business@demo.test'],
      support: ['support@demo.test', true],
      payments: ['payments@demo.test', true],
    },
  });

  const inject = (options: InjectOptions) => test.app.inject(options);
  async function open(session: Session, subject: string, message: string): Promise<Ticket> {
    const response = await inject({
      method: 'POST',
      url: '/api/client/tickets',
      headers: session.headers,
      payload: { subject, message },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  }
  const post = (url: string, session: Session, payload?: object) =>
    inject({ method: 'POST', url, headers: session.headers, ...(payload ? { payload } : {}) });

  it('carries a question to support and the answer back, with the unread counts, a notification and an e-mail', async () => {
    const ticket = await open(
      sessions.alex,
      'Card waiting list',
      'When will the card be available?\nThanks, Alex',
    );
    expect(ticket).toMatchObject({ status: 'open', unread: false, message_count: 1 });

    const queue = await inject({
      method: 'GET',
      url: '/api/backoffice/tickets',
      headers: sessions.support.headers,
    });
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().data).toContainEqual(
      expect.objectContaining({ id: ticket.id, client_name: 'Alex Morgan', status: 'open' }),
    );
    const answered = await post(`/api/backoffice/tickets/${ticket.id}/messages`, sessions.support, {
      message: 'We will write to everyone on the waiting list first.',
    });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json().data.status).toBe('answered');

    expect(await clientData(test.app, sessions.alex)).toMatchObject({
      unread_tickets_count: 1,
      unread_messages_count: 1,
    });
    const notifications = await inject({
      method: 'GET',
      url: '/api/client/notifications',
      headers: sessions.alex.headers,
    });
    expect(notifications.json().data[0]).toMatchObject({ title: 'New answer from support' });
    const [mail] = await test.db.query<{ subject: string; body_text: string }>(
      `SELECT subject, body_text FROM outbox_messages WHERE recipient = 'private@demo.test' ORDER BY created_at DESC LIMIT 1`,
    );
    expect(mail?.subject).toMatch(/new answer from support/);
    expect(mail?.body_text).not.toContain('waiting list first');

    const read = await inject({
      method: 'GET',
      url: `/api/client/tickets/${ticket.id}`,
      headers: sessions.alex.headers,
    });
    expect(read.json().data).toMatchObject({ unread: true, status: 'answered' });
    expect(read.json().data.messages.data.map((m: { author: string }) => m.author)).toEqual([
      'client',
      'operator',
    ]);
    expect((await post(`/api/client/tickets/${ticket.id}/read`, sessions.alex)).json().data.unread).toBe(
      false,
    );
    expect(await clientData(test.app, sessions.alex)).toMatchObject({
      unread_tickets_count: 0,
      unread_messages_count: 0,
    });

    const again = await post(`/api/client/tickets/${ticket.id}/messages`, sessions.alex, {
      message: 'Thank you!',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toMatchObject({ status: 'open', message_count: 3 });
    expect(
      (await post(`/api/backoffice/tickets/${ticket.id}/close`, sessions.support)).json().data.status,
    ).toBe('closed');
    expectProblem(
      await post(`/api/client/tickets/${ticket.id}/messages`, sessions.alex, { message: 'One more' }),
      409,
      'ticket_closed',
    );

    const actions = await test.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE object_type = 'ticket' AND object_id = $1 ORDER BY id`,
      [ticket.id],
    );
    expect(actions.map((row) => row.action)).toEqual([
      'ticket.opened',
      'ticket.answered',
      'ticket.read',
      'ticket.client_replied',
      'ticket.closed',
    ]);
  });

  it("never shows one client another's ticket (404), and keeps other roles and strangers out", async () => {
    const ticket = await open(sessions.alex, 'Private matter', 'Only for me');
    expectProblem(
      await inject({
        method: 'GET',
        url: `/api/client/tickets/${ticket.id}`,
        headers: sessions.northwind.headers,
      }),
      404,
    );
    for (const action of ['messages', 'read', 'close']) {
      expectProblem(
        await post(
          `/api/client/tickets/${ticket.id}/${action}`,
          sessions.northwind,
          action === 'messages' ? { message: 'hi' } : undefined,
        ),
        404,
      );
    }
    const list = await inject({
      method: 'GET',
      url: '/api/client/tickets',
      headers: sessions.northwind.headers,
    });
    expect(list.json().data.map((t: { id: string }) => t.id)).not.toContain(ticket.id);
    expectProblem(await inject({ method: 'GET', url: '/api/client/tickets' }), 401);
    expectProblem(
      await inject({ method: 'GET', url: '/api/backoffice/tickets', headers: sessions.payments.headers }),
      403,
    );
    expectProblem(
      await inject({ method: 'GET', url: '/api/backoffice/tickets', headers: sessions.alex.headers }),
      401,
    );
  });

  it('refuses hidden characters, bad shapes and extra fields with 400, writing nothing', async () => {
    const before = await test.db.query<{ n: number }>('SELECT count(*)::int AS n FROM support_tickets');
    const bad = [
      { subject: '', message: 'x' },
      { subject: 'Two\nlines', message: 'x' },
      { subject: 'Bidi \u202Eevil', message: 'x' },
      { subject: 'Fine', message: 'zero\u200Bwidth' },
      { subject: 'Fine', message: 'NUL \u0000 here' },
      { subject: 'Cafe\u0301', message: 'not NFC' },
      { subject: 'Fine', message: 'x'.repeat(5_001) },
      { subject: 'Fine', message: 'x', status: 'closed' },
      { subject: 'Fine' },
    ];
    for (const payload of bad) {
      const response = await post('/api/client/tickets', sessions.alex, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expectProblem(
      await inject({ method: 'GET', url: '/api/client/tickets/not-a-uuid', headers: sessions.alex.headers }),
      400,
    );
    const after = await test.db.query<{ n: number }>('SELECT count(*)::int AS n FROM support_tickets');
    expect(after).toEqual(before);
  });

  it(`keeps at most ${MAX_OPEN_TICKETS} conversations open per client`, async () => {
    const [client] = await test.db.query<{ id: string }>(
      `SELECT id FROM clients WHERE email = 'business@demo.test'`,
    );
    await withTransaction(test.db, async (tx) => {
      for (let n = 0; n < MAX_OPEN_TICKETS; n++) {
        await openTicket(
          tx,
          { subject: `Question ${n}`, message: 'Hello' },
          { clientId: client?.id ?? '', now: new Date() },
        );
      }
    });
    expectProblem(
      await post('/api/client/tickets', sessions.northwind, { subject: 'One too many', message: 'Hello' }),
      409,
      'too_many_open_tickets',
    );
  });

  it('carries files both ways, each readable only by its client and support, and reopens on request', async () => {
    // The test before filled the open-conversation limit.
    await test.db.query(`UPDATE support_tickets SET status = 'closed'`);
    const opened = await inject({
      method: 'POST',
      url: '/api/client/tickets',
      headers: sessions.northwind.headers,
      payload: {
        subject: 'Invoice',
        message: 'Please see the invoice',
        attachments: pngAttachment('invoice'),
      },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const ticket = opened.json().data;
    const [sent] = ticket.messages.data[0].attachments;
    expect(sent).toMatchObject({ file_name: 'invoice.png', mime: 'image/png' });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const answer = await post(`/api/backoffice/tickets/${ticket.id}/messages`, sessions.support, {
      message: 'Here is the corrected one',
      attachments: [
        {
          name: 'corrected.pdf',
          type: 'invoice',
          mime: 'application/pdf',
          size: pdf.length,
          data: pdf.toString('base64'),
        },
      ],
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const received = answer.json().data.messages.data[1].attachments[0];
    const download = (session: Session, id: string, backoffice = false) =>
      inject({
        method: 'GET',
        url: `/api/${backoffice ? 'backoffice' : 'client'}/tickets/${ticket.id}/attachments/${id}`,
        headers: session.headers,
      });
    const mine = await download(sessions.northwind, received.id);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-disposition']).toMatch(/^attachment;/);
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.rawPayload.equals(pdf)).toBe(true);
    const theirs = await download(sessions.support, sent.id, true);
    expect(theirs.statusCode).toBe(200);
    // The operator opens a client's upload: a download in a sandbox that runs nothing (decision 0044).
    expect(theirs.headers).toMatchObject({
      'content-security-policy': expect.stringMatching(/^sandbox;/),
      'x-content-type-options': 'nosniff',
    });
    expect(theirs.headers['content-disposition']).toMatch(/^attachment;/);
    expect((await download(sessions.alex, sent.id)).statusCode).toBe(404);
    expect((await download(sessions.payments, sent.id, true)).statusCode).toBe(403);
    const exe = Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(64)]);
    const refused = await post(`/api/client/tickets/${ticket.id}/messages`, sessions.northwind, {
      message: 'One more',
      attachments: [{ ...pngAttachment('x', exe), name: 'x.png' }],
    });
    expectProblem(refused, 415, 'unsupported_file_type');
    expect(
      (await post(`/api/client/tickets/${ticket.id}/close`, sessions.northwind)).json().data.status,
    ).toBe('closed');
    expect(
      (await post(`/api/client/tickets/${ticket.id}/reopen`, sessions.northwind)).json().data.status,
    ).toBe('open');
  });
});
