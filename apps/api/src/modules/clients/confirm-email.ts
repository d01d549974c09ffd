import type { Database } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { writeAuditEntry } from '../audit';
import { claimChallenge, findLink, findLiveLink } from '../auth';
import { confirmOnce } from '../sca';
import { confirmClientEmail } from './client-credential-rows';

type Confirmed = { data: { email_confirmed: true } };

/**
 * Confirms the address with the e-mailed link. A retry of the link that confirmed the address,
 * while the link would still be live, gets the first answer: it is stored under the link's
 * challenge with the hash of its secret (docs/idempotency.md). An unknown, expired or retired
 * link is refused as before.
 */
export async function confirmEmail(
  db: Database,
  hash: string,
  context: { now: Date; requestId: string; ip: string },
) {
  const { now } = context;
  const known = await findLink(db, hash, 'email_confirm');
  const clientId = known && known.expires_at > now ? known.client_id : null;
  if (!known || !clientId) throw linkInvalid();
  return confirmOnce<Confirmed>(
    db,
    {
      clientId,
      action: 'email-confirm',
      code: hash,
      request: { link: known.id },
      idempotencyKey: undefined,
      currentChallenge: async () => known.id,
    },
    (remember) =>
      withTransaction(db, async (tx) => {
        const link = await findLiveLink(tx, hash, 'email_confirm', now);
        if (!link?.client_id || !(await claimChallenge(tx, link.id, now))) throw linkInvalid();
        await confirmClientEmail(tx, link.client_id, now);
        await writeAuditEntry(tx, {
          actorType: 'client',
          actorId: link.client_id,
          action: 'client.email_confirmed',
          objectType: 'client',
          objectId: link.client_id,
          requestId: context.requestId,
          ip: context.ip,
        });
        await remember(tx, link.id, { status: 200, body: { data: { email_confirmed: true } } });
      }),
  );
}

const linkInvalid = () =>
  new AppError('link_invalid', 'This link is not valid', {
    detail: 'The link is used, expired or mistyped. Ask for a new one on the confirmation page.',
  });
