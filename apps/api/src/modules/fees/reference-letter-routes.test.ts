import { brand, countryRegion } from '@bluepeak/core';
import { describe, expect, it } from 'vitest';
import { useDemoWorld } from '../../testing/demo-world';
import { readPdfText } from '../statements/testing/read-formats';

// Reference letters (docs/requirements/statements.md): the fee by region, charged through the
// ledger, and a PDF stating the holder, the IBAN and the opening date with a verification code.
describe('reference letters', () => {
  const { test, sessions } = useDemoWorld({
    sessions: { alex: ['private@demo.test'], northwind: ['business@demo.test'] },
  });

  it('charges the fee of the client region once per order and gives a signed letter', async () => {
    for (const [who, email] of [
      ['alex', 'private@demo.test'],
      ['northwind', 'business@demo.test'],
    ] as const) {
      const [client] = await test.db.query<{ id: string; country: string }>(
        'SELECT id, country FROM clients WHERE email = $1',
        [email],
      );
      const fee = brand.tariff.reference_letter[countryRegion(client?.country ?? 'GB')];
      const order = () =>
        test.app.inject({
          method: 'POST',
          url: '/api/client/reference_letters',
          headers: { ...sessions[who].headers, 'idempotency-key': `letter-${who}` },
        });
      const first = await order();
      expect(first.statusCode, first.body).toBe(201);
      const replay = await order();
      expect(replay.json()).toEqual(first.json());
      const letter = first.json().data;
      expect(letter.fee).toEqual({ amount: fee, currency: 'EUR', status: fee === 0 ? 'free' : 'charged' });
      const fees = await test.db.query<{ transfer_id: string | null }>(
        `SELECT transfer_id FROM client_fees WHERE client_id = $1 AND kind = 'reference_letter'`,
        [client?.id],
      );
      expect(fees.length).toBe(fee === 0 ? 0 : 1);
      const pdf = await test.app.inject({
        method: 'GET',
        url: letter.letter_url,
        headers: sessions[who].headers,
      });
      expect(pdf.statusCode).toBe(200);
      const { text } = await readPdfText(pdf.rawPayload);
      expect(text).toContain('Bank reference letter');
      expect(text).toMatch(/IBAN\s+GB\d{2} [A-Z]{4}/);
      expect(text).toMatch(/Account opened\s+\d{2}-\d{2}-\d{4}/);
      expect(text).toMatch(/Verification code [0-9A-F]{4}-/);
      const list = await test.app.inject({
        method: 'GET',
        url: '/api/client/reference_letters',
        headers: sessions[who].headers,
      });
      expect(list.json().data.map((item: { id: string }) => item.id)).toContain(letter.id);
    }
  });
});
