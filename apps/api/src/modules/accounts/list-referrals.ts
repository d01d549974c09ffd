import type { ReferralsResponse } from '@bluepeak/core/accounts';
import type { Queryable } from '../../db/database';
import { findClientByReferralCode, listReferredClients, type ReferredRow } from './referral-rows';

// The referral page (docs/requirements/accounts.md and docs/requirements/security.md): a client
// with a referral_id shares a sign-up link carrying it, and sees who signed up with it. Only a
// first name and initial (or a company name) is shown: enough to recognise a friend, not a
// directory of other clients.

export function referralLink(publicUrl: string, referralId: string): string {
  return `${publicUrl}/#/private-account?referral=${encodeURIComponent(referralId)}`;
}

function shortName(row: ReferredRow): string {
  if (row.type === 'CORPORATE') return row.company_name ?? '';
  const initial = row.last_name ? ` ${row.last_name.slice(0, 1)}.` : '';
  return `${row.first_name ?? ''}${initial}`.trim();
}

export async function listReferrals(
  db: Queryable,
  client: { id: string; referral_id: string },
  publicUrl: string,
): Promise<ReferralsResponse['data']> {
  const rows = await listReferredClients(db, client.id);
  return {
    referral_id: client.referral_id,
    link: referralLink(publicUrl, client.referral_id),
    referrals: {
      data: rows.map((row) => ({
        name: shortName(row),
        type: row.type,
        approved: row.status === 'APPROVED',
        signed_up_at: new Date(row.created_at).toISOString(),
      })),
    },
  };
}

/** The referrer a sign-up's code names, if any; an unknown code is ignored, never an error. */
export async function findReferrerId(
  db: Queryable,
  referralCode: string | undefined,
): Promise<string | null> {
  if (!referralCode) return null;
  const row = await findClientByReferralCode(db, referralCode);
  return row?.id ?? null;
}
