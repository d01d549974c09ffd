import type { Queryable } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import { listConditions } from './escrow-condition-rows';
import { findDeal, sideOf } from './escrow-rows';
import { requireStatus } from './propose-deal';

/**
 * Whether this client may upload a condition's documents now: a party of the deal, in a status
 * that takes documents, presenting a condition not yet met. Read without locks, before the files
 * are checked (the costly part: a PDF read through, images re-encoded), so nobody else makes the
 * server check files; uploadConditionDocuments checks the same again under its locks.
 */
export async function checkConditionUpload(
  db: Queryable,
  ids: { deal: string; condition: string },
  clientId: string,
): Promise<void> {
  const deal = await findDeal(db, ids.deal, clientId);
  requireStatus(deal, 'accepted', 'funded', 'disputed');
  const condition = (await listConditions(db, deal.id)).find((row) => row.id === ids.condition);
  if (!condition) throw notFound('Condition');
  if (condition.presenter !== sideOf(deal, clientId))
    throw new AppError('escrow_not_your_step', 'The other party presents this condition', {
      detail: `The ${condition.presenter} presents the documents of this condition.`,
    });
  if (condition.status === 'met')
    throw new AppError('escrow_wrong_status', 'This condition is already met', {
      detail: 'The officer has already found this condition met.',
    });
}
