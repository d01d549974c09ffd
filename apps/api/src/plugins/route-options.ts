import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Clock } from '../lib/clock';

// What the sign-up, log-in, client and back-office route modules are registered with.
// `linkKey` is the installation secret (APP_SECRET or the stored one) from which the ALTCHA
// and TOTP keys are derived; `clock` is replaced only by tests that need another time.
export type AuthRouteOptions = { db: Database; config: Config; linkKey: Buffer; clock?: Clock };
