import {
  type DemoAccount,
  logInDemo,
  openFundedAccount,
  type Session,
} from '../modules/payments/testing/payment-fixtures';
import { type FileApp, useTestApp } from './use-test-app';

/** What a test file's demo world holds: accounts opened and funded, then people logged in. */
export type DemoWorldPlan<A extends string, S extends string> = {
  /** Each account by name: its owner's e-mail, its currency and the money put in it. */
  accounts?: Record<A, readonly [email: string, currency: string, fundMinor: number]>;
  /** Each session by name: the demo user's e-mail, and whether it is the back office's. */
  sessions?: Record<S, readonly [email: string, backoffice?: boolean]>;
  config?: Record<string, string>;
  realTimersAfterEach?: boolean;
};

export type DemoWorld<A extends string, S extends string> = {
  test: FileApp;
  /** Filled by the file's beforeAll: read inside tests. */
  accounts: Record<A, DemoAccount>;
  /** Filled by the file's beforeAll: read inside tests. */
  sessions: Record<S, Session>;
};

/**
 * Registers a test file's app on the demo data, with the accounts and sessions its tests use
 * (opened and logged in in the order given), and its tear-down.
 */
export function useDemoWorld<A extends string, S extends string>(plan: DemoWorldPlan<A, S>): DemoWorld<A, S> {
  const accounts = {} as Record<A, DemoAccount>;
  const sessions = {} as Record<S, Session>;
  const test = useTestApp({
    config: plan.config,
    realTimersAfterEach: plan.realTimersAfterEach,
    setUpTimeoutMs: 180_000,
    demo: true,
    setUp: async ({ app, db }) => {
      const planned = plan.accounts ?? ({} as NonNullable<DemoWorldPlan<A, S>['accounts']>);
      for (const name of Object.keys(planned) as A[]) {
        const [email, currency, fundMinor] = planned[name];
        accounts[name] = await openFundedAccount(db, email, currency, fundMinor);
      }
      const logins = plan.sessions ?? ({} as NonNullable<DemoWorldPlan<A, S>['sessions']>);
      for (const name of Object.keys(logins) as S[]) {
        const [email, backoffice = false] = logins[name];
        sessions[name] = await logInDemo(app, email, backoffice);
      }
    },
  });
  return { test, accounts, sessions };
}
