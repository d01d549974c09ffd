import { signLink } from '../../lib/link-signing';

const PURPOSE = 'email-unsubscribe';

/** The signed link every non-essential e-mail carries (docs/requirements/public-site.md). */
export function unsubscribeLink(publicUrl: string, key: Buffer, email: string): string {
  const address = email.trim().toLowerCase();
  const query = new URLSearchParams({ email: address, signature: signLink(key, PURPOSE, address) });
  return `${publicUrl}/#/email-unsubscribe?${query.toString()}`;
}

export const UNSUBSCRIBE_PURPOSE = PURPOSE;
