import type { Database } from '../../../db/database';
import { pngAttachment } from '../../../testing/onboarding-helpers';

/** Bodies the matrix sends to the escrow routes that check their body before the deal. */
export const escrowMatrixBodies = {
  'POST /api/client/escrows/:id/fund': { account_id: '00000000-0000-4000-8000-000000000000', code: '123456' },
  'POST /api/client/escrows/:id/refund_agreement': { code: '123456' },
  'POST /api/client/escrows/:id/code': { step: 'refund_agreement' },
  'POST /api/client/escrows/:id/changes': { deadline: '2030-01-01', reason: 'Later delivery' },
  'POST /api/client/escrows/:id/changes/:changeId/accept': { code: '123456' },
  'POST /api/client/escrows/:id/conditions/:conditionId/documents': { attachments: pngAttachment('invoice') },
  'POST /api/client/escrows/:id/dispute': { reason: 'Goods never arrived' },
};

/**
 * A deal of client A that client B cannot see, for the authorisation matrix. Only two demo clients
 * are approved, so A proposes to B and the deal is then moved to a third client.
 */
export async function dealOfAHiddenFromB(
  db: Database,
  post: (url: string, payload: unknown, headers: Record<string, string>) => Promise<string>,
  emailOfB: string,
): Promise<string> {
  const id = await post(
    '/api/client/escrows',
    {
      role: 'buyer',
      counterparty: { email: emailOfB },
      amount: 100_000,
      currency: 'EUR',
      title: 'Matrix deal',
      buyer_deliverables: 'Payment',
      seller_deliverables: 'Goods',
      conditions: [{ description: 'Delivery note', presenter: 'seller' }],
      deadline: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      standard: true,
    },
    { 'idempotency-key': 'matrix-escrow' },
  );
  await db.query(
    `UPDATE escrow_deals SET seller_client_id = (SELECT id FROM clients WHERE email = 'new@demo.test') WHERE id = $1`,
    [id],
  );
  return id;
}
