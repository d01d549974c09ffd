import { z } from 'zod';
import type { Queryable } from '../../db/database';
import { readAppState, setAppStateText } from '../../lib/app-state';

// How each external rail is reached. `simulator` (the default) is the clearing simulator, which
// answers after a delay; `file` means ISO 20022 files: the operator exports pain.001 from the
// back office and imports the bank's pain.002. Faster Payments only run on the simulator.
// The choice lives in app_state so an operator can switch it without a restart.
export type RailChannel = 'simulator' | 'file';
export type ExternalRail = 'sepa' | 'faster_pay' | 'swift';

const envSchema = z.object({
  PAYMENT_SIMULATOR_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(5),
  PAYMENT_RAIL_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
});

/** The simulator's delay and the worker's interval; read once (bad values fall back to defaults). */
export function railTimings(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  const values = parsed.success ? parsed.data : envSchema.parse({});
  return {
    simulatorDelaySeconds: values.PAYMENT_SIMULATOR_DELAY_SECONDS,
    pollMs: values.PAYMENT_RAIL_POLL_MS,
  };
}

const keyOf = (rail: ExternalRail) => `payment_rail_channel_${rail}`;

export async function railChannel(db: Queryable, rail: ExternalRail): Promise<RailChannel> {
  if (rail === 'faster_pay') return 'simulator';
  return (await readAppState(db, keyOf(rail))) === 'file' ? 'file' : 'simulator';
}

export async function setRailChannel(
  db: Queryable,
  rail: 'sepa' | 'swift',
  channel: RailChannel,
): Promise<void> {
  await setAppStateText(db, keyOf(rail), channel);
}
