import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { BackgroundJob } from './background-job';
import type { ProcessState } from './process-state';

/**
 * What app.ts registers every route plugin with. A plugin declares the part it reads
 * (`{ db }`, `{ db, config, linkKey }`, ...); `linkKey` is the installation secret the ALTCHA,
 * TOTP and signed-link keys are derived from.
 */
export type RouteContext = { db: Database; config: Config; linkKey: Buffer; state: ProcessState };

/** A route plugin that reads part of the context (or none of it): it is registered with all of it. */
export type RoutePlugin = FastifyPluginAsyncZod<RouteContext>;

/**
 * What a module gives the application, exported from its index.ts as `manifest`: app.ts and
 * jobs.ts loop over the modules in their declared order (apps/api/src/modules.ts) and register
 * what each manifest lists. A lower module's hooks are wired in module-hooks.ts.
 */
export type ModuleManifest = {
  readonly name: string;
  /** Routes anyone may call, registered before the session plugin (health, meta, public forms). */
  readonly publicRoutes?: readonly RoutePlugin[];
  /** The session plugin itself: registered once, after every module's public routes. */
  readonly sessionPlugin?: RoutePlugin;
  /** Routes behind a client's or an operator's session. */
  readonly routes?: readonly RoutePlugin[];
  /** Routes served in demo mode only (the demo mailbox, the escrow deadline switch). */
  readonly demoRoutes?: readonly RoutePlugin[];
  readonly jobs?: readonly BackgroundJob[];
};
