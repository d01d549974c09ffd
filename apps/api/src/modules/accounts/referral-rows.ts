import type { Queryable } from '../../db/database';

// The clients a referral code brought in, as the referral page reads them from the clients table.

export type ReferredRow = {
  type: 'PRIVATE' | 'CORPORATE';
  status: string;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  created_at: Date;
};

const MAX_REFERRALS = 500;

/** The clients who signed up with the client's referral code, newest first. */
export function listReferredClients(db: Queryable, clientId: string): Promise<ReferredRow[]> {
  return db.query<ReferredRow>(
    `SELECT type, status, first_name, last_name, company_name, created_at FROM clients
     WHERE referred_by_client_id = $1 ORDER BY created_at DESC LIMIT ${MAX_REFERRALS}`,
    [clientId],
  );
}

/** The client whose referral code this is, if any. */
export async function findClientByReferralCode(
  db: Queryable,
  referralCode: string,
): Promise<{ id: string } | undefined> {
  const [row] = await db.query<{ id: string }>('SELECT id FROM clients WHERE referral_id = $1', [
    referralCode,
  ]);
  return row;
}
