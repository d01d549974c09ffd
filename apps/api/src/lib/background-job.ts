import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Logger } from './logger';

export type JobDependencies = { db: Database; config: Config; log: Logger };

/** Stops a job: no new run starts, and the run in progress is awaited. */
export type StopJob = () => Promise<void>;

/**
 * Work a module does beside the HTTP server (apps/api/src/jobs.ts starts and stops them all).
 * `start` resolves once the job is running; whatever it awaits happens before the server listens.
 */
export type BackgroundJob = {
  readonly name: string;
  start(dependencies: JobDependencies): StopJob | Promise<StopJob>;
};
