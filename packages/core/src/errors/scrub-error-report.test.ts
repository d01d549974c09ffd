import { describe, expect, it } from 'vitest';
import { scrubErrorReport, scrubText, scrubUrl } from './scrub-error-report';

const IBAN = 'DE89370400440532013000';
const TOKEN = 'q8Zr3kLm0pV7xYt2Wn5Bc9Hd4Jf6Gs1AeUiO';

describe('scrubText', () => {
  it.each([
    [`cannot pay ${IBAN} now`, 'cannot pay [iban] now'],
    ['to DE89 3704 0044 0532 0130 00.', 'to [iban].'],
    ['mail anna.meier+x@example.co.uk please', 'mail [email] please'],
    ['Authorization: Bearer abc.def-ghi', 'Authorization: [redacted]'],
    ['card 4111 1111 1111 1111 failed', 'card [card] failed'],
    [`session ${TOKEN}`, 'session [redacted]'],
    ['/api/x?hash=abc&page=2', '/api/x?hash=[redacted]&page=2'],
  ])('%s', (input, expected) => {
    expect(scrubText(input)).toBe(expected);
  });

  it('leaves ordinary words, amounts, dates and record ids alone', () => {
    const text = 'Payment 0b7e9f52-4c1a-4f7e-9d3a-2b6c8e1f0a94 failed: balance 1234.50 EUR on 2026-11-26';
    expect(scrubText(text)).toBe(text);
  });

  it('keeps a record id whose digits would read as a card number, and still masks a card beside it', () => {
    const id = '68e93f98-4f61-4773-8475-414794344609';
    expect(scrubText(`request ${id} card 4111 1111 1111 1111`)).toBe(`request ${id} card [card]`);
    expect(scrubText(`/reset?token=${id}`)).toBe('/reset?token=[redacted]');
    expect(scrubText(`Bearer ${id}`)).toBe('[redacted]');
  });
});

describe('scrubUrl', () => {
  it('drops the query string and the query of a hash route', () => {
    expect(scrubUrl('https://bank.example/api/client/x?token=1&b=2')).toBe(
      'https://bank.example/api/client/x',
    );
    expect(scrubUrl('https://bank.example/#/restore?hash=abc')).toBe('https://bank.example/#/restore');
  });
});

describe('scrubErrorReport', () => {
  const event = {
    event_id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
    platform: 'node',
    sdk: { name: 'sentry.javascript.node', version: '11.12.0' },
    message: `Could not reach ${IBAN}`,
    user: { id: 'u1', email: 'anna@example.com', ip_address: '10.0.0.1' },
    breadcrumbs: [{ message: 'clicked pay for anna@example.com' }],
    request: {
      method: 'POST',
      url: `https://bank.example/api/client/payments?token=${TOKEN}`,
      headers: { 'User-Agent': 'Firefox', Authorization: `Bearer ${TOKEN}`, Cookie: `session=${TOKEN}` },
      cookies: { session: TOKEN },
      data: { iban: IBAN, first_name: 'Anna' },
      query_string: `token=${TOKEN}`,
    },
    exception: {
      values: [
        {
          type: 'Error',
          value: `Payee <anna@example.com> ${IBAN}`,
          mechanism: { type: 'generic', handled: false },
          stacktrace: {
            frames: [
              {
                filename: 'app.js',
                function: 'pay',
                lineno: 3,
                vars: { password: 'hunter2' },
                pre_context: ['const iban = "x"'],
              },
            ],
          },
        },
      ],
    },
    extra: { payee_name: 'Anna Meier', note: `sent to ${IBAN}` },
    tags: { route: '/api/client/payments' },
  };

  it('removes every personal or secret value and keeps what makes the report useful', () => {
    const scrubbed = scrubErrorReport(event);
    const text = JSON.stringify(scrubbed);
    for (const secret of [IBAN, 'anna@example.com', TOKEN, 'Anna', 'hunter2', '10.0.0.1']) {
      expect(text).not.toContain(secret);
    }
    expect(scrubbed).toMatchObject({
      event_id: event.event_id,
      sdk: event.sdk,
      request: {
        method: 'POST',
        url: 'https://bank.example/api/client/payments',
        headers: { 'User-Agent': 'Firefox' },
      },
      exception: {
        values: [
          { type: 'Error', stacktrace: { frames: [{ filename: 'app.js', function: 'pay', lineno: 3 }] } },
        ],
      },
      extra: { payee_name: '[redacted]', note: 'sent to [iban]' },
      tags: { route: '/api/client/payments' },
    });
    expect(scrubbed).not.toHaveProperty('user');
    expect(scrubbed).not.toHaveProperty('breadcrumbs');
  });

  it('names that only free text carries are not guessed, so the message keeps them', () => {
    // A person's name in a message cannot be told from other words: the code never puts one
    // there (docs/reliability.md, "Error reporting"); the test pins what the scrubber can do.
    const scrubbed = scrubErrorReport({ message: 'Anna Meier' });
    expect(scrubbed.message).toBe('Anna Meier');
  });

  it('does not change the event it was given', () => {
    const copy = JSON.parse(JSON.stringify(event));
    scrubErrorReport(event);
    expect(event).toEqual(copy);
  });
});
