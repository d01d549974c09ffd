import { useDemoWorld } from '../../../testing/demo-world';
import { getAccount } from '../../ledger';
import { runClearingSimulator } from '../../rails';
import { type ApprovedClient, clientStatusOf } from './deactivation-fixtures';

/**
 * The world of the pay-out on closing tests: the demo data with the compliance operator logged
 * in, who approves requests, and what the tests read back: the request, the client's status,
 * its pay-outs and ledger accounts. `settle` runs the clearing simulator once.
 */
export function usePayoutWorld() {
  const { test, sessions } = useDemoWorld({ sessions: { compliance: ['compliance@demo.test', true] } });

  const approve = (clientId: string) =>
    test.app.inject({
      method: 'POST',
      url: `/api/backoffice/deactivations/${clientId}/approve`,
      headers: sessions.compliance.headers,
      payload: {},
    });
  const detail = async (clientId: string) =>
    (
      await test.app.inject({
        method: 'GET',
        url: `/api/backoffice/deactivations/${clientId}`,
        headers: sessions.compliance.headers,
      })
    ).json().data;
  const clientStatus = (clientId: string) => clientStatusOf(test.db, clientId);
  const payoutsOf = (clientId: string) =>
    test.db.query<{
      id: string;
      status: string;
      type: string;
      amount_minor: number;
      fee_minor: number;
      description: string;
      deactivation_request_id: string | null;
    }>('SELECT * FROM payments WHERE client_id = $1 ORDER BY created_at', [clientId]);
  const ledgerOf = (client: ApprovedClient, currency: string) => {
    const account = client.accounts.find((candidate) => candidate.currency === currency);
    if (!account) throw new Error(`no ${currency} account`);
    return getAccount(test.db, account.ledgerAccountId);
  };
  const settle = () => runClearingSimulator(test.db, { delaySeconds: 0 });

  return { test, sessions, approve, detail, clientStatus, payoutsOf, ledgerOf, settle };
}
