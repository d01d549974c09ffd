import type { Database, Queryable } from '../db/database';
import { withTransaction } from '../db/transaction';
import { claimAppStateKey } from '../lib/app-state';
import { keepDemoRatesCurrent } from '../modules/fx-rates';
import { enqueueMessage } from '../modules/outbox';
import { seedDemoAccounts } from './seed-demo-accounts';
import { seedDemoOnboarding } from './seed-demo-onboarding';

// Demo data goes in once, on the first start of an empty database, in one transaction: a
// half-seeded demo would be worse than none. Each later feature adds its own step here
// (clients, operators, ledger history, market rates), always through the feature's own functions.
// Every date the demo shows counts back from one clock, the seed's `now`.
export type SeedStep = {
  name: string;
  run: (tx: Queryable, context: Required<SeedContext>) => Promise<void>;
};
export type SeedContext = { publicUrl: string; now?: Date };

const SEEDED_KEY = 'demo_seeded_at';

export const demoSeedSteps: SeedStep[] = [
  {
    name: 'welcome message',
    async run(tx, { publicUrl }) {
      await enqueueMessage(tx, {
        channel: 'email',
        to: 'private@demo.test',
        subject: 'Welcome to the Bluepeak demo',
        text:
          'This mailbox shows every e-mail and SMS the demo "sends".\n\n' +
          `Home page: ${publicUrl}/#/\nAPI reference: ${publicUrl}/api/docs\n\n` +
          'Demo users sign in with the password Demo-password-1; their one-time codes arrive here.',
      });
    },
  },
  { name: 'demo clients and operators', run: (tx) => seedDemoOnboarding(tx) },
  { name: 'demo accounts and history', run: (tx, { now }) => seedDemoAccounts(tx, now) },
  {
    // Today's rates and the 30 days before, so quotes, the home total and the rate chart are current.
    name: 'market rates and their history',
    run: async (tx, { now }) => {
      await keepDemoRatesCurrent(tx, now);
    },
  },
];

/** `real_data`: the database already holds clients or operators the demo did not create. */
export type SeedOutcome = 'seeded' | 'already_seeded' | 'real_data';

export async function seedDemoData(
  db: Database,
  context: SeedContext,
  steps = demoSeedSteps,
): Promise<SeedOutcome> {
  return withTransaction(db, async (tx) => {
    const seeded = await tx.query('SELECT 1 FROM app_state WHERE key = $1', [SEEDED_KEY]);
    if (seeded.length > 0) return 'already_seeded'; // visitors may have signed up since
    // Demo operators log in with a known password and e-mail codes: never next to real
    // clients, whatever started the process in demo mode.
    if (await holdsRealData(tx)) return 'real_data';
    // The row lock makes two processes starting together seed once, not twice.
    if (!(await claimAppStateKey(tx, SEEDED_KEY))) return 'already_seeded';
    const clocked = { ...context, now: context.now ?? new Date() };
    for (const step of steps) await step.run(tx, clocked);
    return 'seeded';
  });
}

// Demo clients all have addresses at demo.test (a reserved domain no real client can hold);
// operators the demo did not seed are is_demo = false.
async function holdsRealData(tx: Queryable): Promise<boolean> {
  const [row] = await tx.query<{ real: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM clients WHERE lower(email) NOT LIKE '%@demo.test')
         OR EXISTS (SELECT 1 FROM operators WHERE NOT is_demo) AS real`,
  );
  return row?.real === true;
}
