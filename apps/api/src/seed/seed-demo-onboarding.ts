import type { OperatorRole } from '@bluepeak/core/backoffice';
import type { Queryable } from '../db/database';
import { hashPassword } from '../modules/auth';
import { type DemoClient, insertDemoClient } from '../modules/clients';
import { onClientApproved } from '../modules/onboarding-review';
import { createOperator } from '../modules/operators';

// The demo users of docs/requirements/api-contract.md, at the statuses it names. All log in with
// DEMO_PASSWORD and get their one-time codes by e-mail in the dev mailbox, operators included:
// docs/requirements/api-contract.md fixes e-mail codes for every demo user so a visitor can try the
// back office without an authenticator app. The database allows e-mail codes for demo operators
// only (operators.is_demo).
export const DEMO_PASSWORD = 'Demo-password-1';

const DEMO_OPERATORS: readonly { email: string; name: string; roles: OperatorRole[] }[] = [
  { email: 'admin@demo.test', name: 'Demo Administrator', roles: ['admin'] },
  { email: 'compliance@demo.test', name: 'Demo Compliance Reviewer', roles: ['compliance'] },
  { email: 'payments@demo.test', name: 'Demo Payments Operator', roles: ['payments'] },
  { email: 'support@demo.test', name: 'Demo Support Agent', roles: ['support'] },
];

const DEMO_CLIENTS: readonly DemoClient[] = [
  {
    type: 'PRIVATE',
    email: 'private@demo.test',
    status: 'APPROVED',
    names: ['Alex', 'Morgan', null, null, null],
    phone: '+447911123456',
    country: 'GB',
    referralId: 'DEMO-ALEX',
  },
  {
    type: 'CORPORATE',
    email: 'business@demo.test',
    status: 'APPROVED',
    names: [null, null, 'Northwind Trading Ltd', '12345678', 'Sam Taylor'],
    phone: '+447911123457',
    country: 'GB',
    referralId: null,
  },
  {
    // Onboarded and waiting for a compliance officer's decision: the back office's review queue
    // has someone in it, and the dashboard shows what an unapproved client sees.
    type: 'PRIVATE',
    email: 'pending@demo.test',
    status: 'ON_APPROVAL',
    names: ['Riley', 'Chen', null, null, null],
    phone: '+447911123459',
    country: 'GB',
    referralId: null,
  },
  {
    type: 'PRIVATE',
    email: 'new@demo.test',
    status: 'NEW',
    names: ['Jamie', 'Rivera', null, null, null],
    phone: '+447911123458',
    country: 'GB',
    referralId: null,
  },
];

export async function seedDemoOnboarding(tx: Queryable): Promise<void> {
  for (const client of DEMO_CLIENTS) {
    const id = await insertDemoClient(tx, client, await hashPassword(DEMO_PASSWORD));
    if (client.status === 'APPROVED') await onClientApproved(tx, id);
  }
  for (const operator of DEMO_OPERATORS) {
    await createOperator(tx, { ...operator, password: DEMO_PASSWORD, demoEmailCodes: true }, null);
  }
}
