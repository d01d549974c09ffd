import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Logger } from '../lib/logger';
import { seedDemoData } from './seed-demo-data';

/** The demo seed as a start runs it (demo mode only): once, by the process that prepares the database. */
export async function seedOnStart(db: Database, config: Config, log: Logger): Promise<void> {
  if (!config.demoMode) return;
  const seeded = await seedDemoData(db, { publicUrl: config.publicUrl });
  if (seeded === 'seeded') log.info('demo data seeded');
  if (seeded === 'real_data') {
    log.warn('demo data not seeded: the database already holds real clients or operators');
  }
}
