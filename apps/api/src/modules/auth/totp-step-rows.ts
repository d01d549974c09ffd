import type { Queryable } from '../../db/database';
import type { PrincipalType } from './session-rows';

// An authenticator code is good once (RFC 6238, section 5.2): once a code of one 30-second step
// has let someone in or confirmed something, neither it nor an older one may do so again. The
// code is checked against the last step used as read a moment before (for a kept session, the
// client row kept with it), so two uses of one code could both pass that check: two requests at
// once, or one in another process before it hears the first one's write. The step is therefore
// recorded only if it is later than the recorded one, in the statement that writes it; the second
// of two such writes waits for the first's row lock, then finds the step spent.
const TABLE: Record<PrincipalType, string> = { client: 'clients', operator: 'operators' };
const recordStepSql = (principal: PrincipalType) =>
  `UPDATE ${TABLE[principal]} SET totp_last_counter = $2
    WHERE id = $1 AND (totp_last_counter IS NULL OR totp_last_counter < $2) RETURNING id`;

/** Records `step` as the principal's last used one; false when it (or a later one) was used already. */
export async function recordTotpStep(
  db: Queryable,
  principal: PrincipalType,
  id: string,
  step: number,
): Promise<boolean> {
  return (await db.query(recordStepSql(principal), [id, step])).length > 0;
}
