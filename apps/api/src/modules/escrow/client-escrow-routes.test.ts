import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectProblem, pngAttachment } from '../../testing/onboarding-helpers';
import { useEscrowWorld } from './testing/escrow-world';

// A condition's documents are checked (a PDF read through, images re-encoded) only for the
// caller who may upload them: anyone else is refused by the step first, so a file the check
// would refuse gets the step's own answer, not the check's.
describe('escrow: condition documents are checked after the caller', () => {
  const { test, sessions, call, ok, proposal, fund } = useEscrowWorld();
  const script = Buffer.from(
    '%PDF-1.7\n1 0 obj <</S /JavaScript /JS (app.alert(1))>> endobj\n%%EOF\n',
    'latin1',
  );
  const scriptPdf = {
    attachments: [
      {
        name: 'evidence.pdf',
        type: 'evidence',
        mime: 'application/pdf',
        size: script.length,
        data: script.toString('base64'),
      },
    ],
  };

  it('answers a non-party 404 and the other party 409 before looking at the files', async () => {
    const deal = ok(await call('POST', '/api/client/escrows', sessions.business, proposal()), 201);
    ok(await call('POST', `/api/client/escrows/${deal.id}/accept`, sessions.private));
    ok(await fund(deal.id));
    const [buyers] = deal.conditions as { id: string }[];
    const elsewhere = `/api/client/escrows/${randomUUID()}/conditions/${buyers?.id}/documents`;
    expectProblem(await call('POST', elsewhere, sessions.business, scriptPdf), 404, 'not_found');
    const documents = `/api/client/escrows/${deal.id}/conditions/${buyers?.id}/documents`;
    expectProblem(await call('POST', documents, sessions.private, scriptPdf), 409, 'escrow_not_your_step');

    // The presenter's refused file leaves the key free for the corrected upload.
    expectProblem(
      await call('POST', documents, sessions.business, scriptPdf, 'upload-1'),
      422,
      'file_rejected',
    );
    const files = { attachments: [pngAttachment('evidence')] };
    expect((await call('POST', documents, sessions.business, files, 'upload-1')).statusCode).toBe(201);
    const again = await call('POST', documents, sessions.business, files, 'upload-1');
    expect(again.headers['idempotent-replayed']).toBe('true');
    const stored = await test.db.query('SELECT 1 FROM escrow_documents WHERE condition_id = $1', [
      buyers?.id,
    ]);
    expect(stored).toHaveLength(1);
  });
});

// A refused proposal names the field it is about, so the new-deal form marks that field.
describe('escrow: a refused proposal names its field', () => {
  const { sessions, call, proposal } = useEscrowWorld();

  it('puts an unknown counterparty, a past deadline and a currency not held on their fields', async () => {
    const cases = [
      [{ counterparty: { email: 'nobody@example.test' } }, 'escrow_counterparty_not_found', 'counterparty'],
      [{ deadline: '2020-01-01' }, 'escrow_invalid', 'deadline'],
      [{ currency: 'CHF' }, 'escrow_invalid', 'currency'],
    ] as const;
    for (const [change, code, field] of cases) {
      const answer = await call('POST', '/api/client/escrows', sessions.business, proposal(change));
      expectProblem(answer, 422, code);
      expect(answer.json().errors).toEqual([{ field: `body.${field}`, code, message: answer.json().detail }]);
    }
  });
});

// The documents presented for a condition open for the escrow officer who verifies them and for
// either party; for no one else, and only as a document of this deal.
describe('escrow: a condition document opens for the desk and the parties', () => {
  const { sessions, call, ok, proposal, fund } = useEscrowWorld();

  it('serves the file to the payments officer and both parties, 404 to anyone else', async () => {
    const deal = ok(await call('POST', '/api/client/escrows', sessions.business, proposal()), 201);
    ok(await call('POST', `/api/client/escrows/${deal.id}/accept`, sessions.private));
    ok(await fund(deal.id));
    const [buyers] = deal.conditions as { id: string }[];
    const documents = `/api/client/escrows/${deal.id}/conditions/${buyers?.id}/documents`;
    const files = { attachments: [pngAttachment('evidence')] };
    const uploaded = ok(await call('POST', documents, sessions.business, files), 201);
    const [document] = (uploaded.conditions as { documents: { id: string }[] }[]).flatMap(
      (condition) => condition.documents,
    );
    const desk = `/api/backoffice/escrows/${deal.id}/documents/${document?.id}`;
    const party = `/api/client/escrows/${deal.id}/documents/${document?.id}`;
    for (const [url, session] of [
      [desk, sessions.payments],
      [desk, sessions.compliance],
      [party, sessions.business],
      [party, sessions.private],
    ] as const) {
      const answer = await call('GET', url, session);
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
      expect(answer.headers['content-type']).toBe('image/png');
      expect(answer.headers['content-disposition']).toMatch(/^attachment/);
    }
    // Another deal's id with this file, or a file id of no deal: nothing.
    const other = ok(await call('POST', '/api/client/escrows', sessions.business, proposal()), 201);
    expectProblem(
      await call('GET', `/api/client/escrows/${other.id}/documents/${document?.id}`, sessions.business),
      404,
    );
    expectProblem(
      await call('GET', `/api/backoffice/escrows/${deal.id}/documents/${randomUUID()}`, sessions.payments),
      404,
    );
    // The client routes are a party's: the operator's session is not a client's.
    expectProblem(await call('GET', party, sessions.payments), 401);
  });
});
