import { useDemoWorld } from '../../../testing/demo-world';
import type { Session } from '../../../testing/onboarding-helpers';
import { clientStatusOf } from './deactivation-fixtures';

/**
 * The world of the deactivation route tests: the demo data with the compliance operator and a
 * support agent logged in, and the calls a client and an operator make.
 */
export function useDeactivationRoutesWorld() {
  const { test, sessions } = useDemoWorld({
    sessions: { compliance: ['compliance@demo.test', true], support: ['support@demo.test', true] },
  });

  let _compliance: Session;
  let _support: Session;

  const get = (session: Session) =>
    test.app.inject({ method: 'GET', url: '/api/client/deactivation', headers: session.headers });
  const ask = (session: Session, payload: Record<string, unknown>) =>
    test.app.inject({ method: 'POST', url: '/api/client/deactivation', headers: session.headers, payload });
  const decide = (
    session: Session,
    clientId: string,
    verdict: 'approve' | 'reject',
    payload: Record<string, unknown> = {},
  ) =>
    test.app.inject({
      method: 'POST',
      url: `/api/backoffice/deactivations/${clientId}/${verdict}`,
      headers: session.headers,
      payload,
    });
  const statusOf = (clientId: string) => clientStatusOf(test.db, clientId);

  return { test, sessions, get, ask, decide, statusOf };
}
