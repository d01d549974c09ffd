import { isIP } from 'node:net';
import { z } from 'zod';

// Configuration is read once at start from the environment and validated as a whole, so a
// broken deployment lists every bad variable at once instead of failing one at a time.
const onOff = z.enum(['on', 'off']);
// A Sentry-protocol DSN names the collector, its public key and the project:
// https://<key>@host[:port][/path]/<project>.
const sentryDsn = z
  .url()
  .refine(
    (value) => /^https?:\/\/[A-Za-z0-9]+@[^/@\s]+(\/[^\s?#]*)?\/\d+$/.test(value),
    'must be a DSN like https://key@errors.example.com/1',
  );

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: z
      .url()
      .refine((value) => /^postgres(ql)?:/.test(value), 'must be a postgres:// URL')
      .optional(),
    // A PostgreSQL streaming replica for reads that may lag (docs/operations.md, "Read replica";
    // decision 0038): used while it is reachable and within REPLICA_MAX_LAG_MS, checked every
    // REPLICA_CHECK_INTERVAL_MS.
    DATABASE_REPLICA_URL: z
      .url()
      .refine((value) => /^postgres(ql)?:/.test(value), 'must be a postgres:// URL')
      .optional(),
    // Where each process LISTENs for other processes' session changes (decision 0040): the
    // server itself, when DATABASE_URL goes through a pooler that cannot hold a LISTEN (PgBouncer
    // in transaction mode). Defaults to DATABASE_URL.
    DATABASE_LISTEN_URL: z
      .url()
      .refine((value) => /^postgres(ql)?:/.test(value), 'must be a postgres:// URL')
      .optional(),
    REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
    REPLICA_CHECK_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    DATA_DIR: z.string().min(1).default('./data'),
    // Where uploaded files are kept (modules/attachments): the database, or a directory.
    ATTACHMENT_STORAGE: z.enum(['database', 'filesystem']).default('database'),
    ATTACHMENT_DIR: z.string().min(1).optional(),
    // Embedded PGlite fsyncs every commit; `off` trades that for speed (never in production).
    PGLITE_FSYNC: onOff.default('on'),
    DEMO_MODE: onOff.optional(),
    BOT_CHECK: onOff.default('on'),
    REDIS_URL: z
      .url()
      .refine((value) => /^rediss?:/.test(value), 'must be a redis:// URL')
      .optional(),
    SMTP_URL: z
      .url()
      .refine((value) => /^smtps?:/.test(value), 'must be an smtp:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Bluepeak <no-reply@bluepeak.example>'),
    SMS_GATEWAY_URL: z.url().optional(),
    // The background jobs the server runs, by name (jobs.ts): `all`, `none` or a comma-separated list.
    // The browser journeys run only the outbox and settle payments through the simulator's hook.
    BACKGROUND_JOBS: z
      .string()
      .regex(/^(all|none|[a-z-]+(,[a-z-]+)*)$/, 'all, none, or job names separated by commas')
      .default('all'),
    // What this process does (docs/operations.md): `api` serves HTTP only, `worker` runs only the
    // background jobs (and answers the health checks), `all` does both.
    ROLE: z.enum(['all', 'api', 'worker']).default('all'),
    // How many processes serve (node's cluster module, supervised; docs/operations.md). Above 1
    // needs PostgreSQL: the embedded PGlite lives inside one process.
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    // After SIGTERM, how long readiness answers 503 while requests are still served, so a load
    // balancer stops sending before the listener closes.
    DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: onOff.default('off'),
    WEB_DIST_DIR: z.string().min(1).optional(),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    // Addresses exempt from every rate limit (monitoring, a load test, the browser test suite,
    // which logs in dozens of times from 127.0.0.1). The per-account lockouts still hold.
    RATE_LIMIT_ALLOW: z
      .string()
      .default('')
      .transform((text) =>
        text
          .split(',')
          .map((ip) => ip.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.union([z.ipv4(), z.ipv6()]))),
    // Error reporting (docs/reliability.md, "Error reporting"): a Sentry-protocol DSN, or none
    // for no reports at all. The web app's reports use ERROR_REPORTING_WEB_DSN, else the same DSN.
    ERROR_REPORTING_DSN: sentryDsn.optional(),
    ERROR_REPORTING_WEB_DSN: sentryDsn.optional(),
    ERROR_REPORTING_ENVIRONMENT: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, 'letters, digits, dots, dashes or underscores')
      .optional(),
    ERROR_REPORTING_RELEASE: z
      .string()
      .regex(/^[A-Za-z0-9._+-]{1,64}$/, 'letters, digits, dots, dashes, pluses or underscores')
      .optional(),
    APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    // EUR minor units (100000 = 1,000.00 EUR): a credit typed by hand or an unmatched bank
    // credit assigned that would take its operator's, or its client account's, 24-hour total of
    // what one operator booked alone past this needs a second operator (docs/incoming-money.md).
    MANUAL_CREDIT_APPROVAL_THRESHOLD_MINOR: z.coerce
      .number()
      .int()
      .min(0)
      .max(Number.MAX_SAFE_INTEGER)
      .default(100_000),
    // Currency exchange (docs/requirements/exchange.md): how long a quote holds, how old a rate
    // from a feed may be when quoted, and an optional feed of ECB-style rates by URL.
    EXCHANGE_QUOTE_SECONDS: z.coerce.number().int().min(5).max(600).default(30),
    FX_RATE_MAX_AGE_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(96),
    FX_RATE_URL: z.url().optional(),
  })
  .superRefine((env, context) => {
    const production = env.NODE_ENV === 'production';
    // Demo mode publishes every one-time code and reset link at /api/dev/outbox and seeds
    // operators with a known password: by default it is reachable from this machine only.
    const demoByDefault = env.DEMO_MODE === undefined && !production;
    if (demoByDefault && !isLoopbackHost(env.HOST)) {
      context.addIssue({
        code: 'custom',
        path: ['HOST'],
        message:
          `demo mode (the default outside production) listens on a loopback address only, not ${env.HOST}: ` +
          'it publishes every one-time code at /api/dev/outbox and seeds operators with a known password. ' +
          'Set DEMO_MODE=on to expose the demo anyway, or NODE_ENV=production (or DEMO_MODE=off) to run without it',
      });
    }
    if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
      context.addIssue({
        code: 'custom',
        path: ['WEB_CONCURRENCY'],
        message:
          'above 1 needs DATABASE_URL: the embedded PGlite database lives inside one process, so ' +
          'several processes cannot share it. Set DATABASE_URL to a PostgreSQL server, or WEB_CONCURRENCY=1',
      });
    }
    if (env.DATABASE_LISTEN_URL && !env.DATABASE_URL) {
      context.addIssue({
        code: 'custom',
        path: ['DATABASE_LISTEN_URL'],
        message: 'needs DATABASE_URL: the embedded PGlite database has no other processes to hear',
      });
    }
    if (env.DATABASE_REPLICA_URL && !env.DATABASE_URL) {
      context.addIssue({
        code: 'custom',
        path: ['DATABASE_REPLICA_URL'],
        message: 'needs DATABASE_URL: a replica follows a PostgreSQL primary, not the embedded PGlite',
      });
    }
    if (production && !env.DATABASE_URL && env.PGLITE_FSYNC === 'off') {
      context.addIssue({
        code: 'custom',
        path: ['PGLITE_FSYNC'],
        message:
          'must be on in production: with fsync off a power cut or OS crash can lose acknowledged payments',
      });
    }
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    databaseReplicaUrl: env.DATABASE_REPLICA_URL,
    databaseListenUrl: env.DATABASE_LISTEN_URL,
    replicaMaxLagMs: env.REPLICA_MAX_LAG_MS,
    replicaCheckIntervalMs: env.REPLICA_CHECK_INTERVAL_MS,
    dataDir: env.DATA_DIR,
    attachmentStorage: env.ATTACHMENT_STORAGE,
    attachmentDir: env.ATTACHMENT_DIR ?? `${env.DATA_DIR}/attachments`,
    pgliteFsync: env.PGLITE_FSYNC === 'on',
    // Demo mode seeds known passwords, so it is never on by default in production.
    demoMode: (env.DEMO_MODE ?? (env.NODE_ENV === 'production' ? 'off' : 'on')) === 'on',
    botCheck: env.BOT_CHECK === 'on',
    redisUrl: env.REDIS_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    smsGatewayUrl: env.SMS_GATEWAY_URL,
    logLevel: env.LOG_LEVEL,
    role: env.ROLE,
    webConcurrency: env.WEB_CONCURRENCY,
    drainDelayMs: env.DRAIN_DELAY_MS,
    backgroundJobs:
      env.BACKGROUND_JOBS === 'all'
        ? ('all' as const)
        : env.BACKGROUND_JOBS === 'none'
          ? []
          : env.BACKGROUND_JOBS.split(','),
    trustProxy: env.TRUST_PROXY === 'on',
    webDistDir: env.WEB_DIST_DIR,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    rateLimitAllow: env.RATE_LIMIT_ALLOW,
    appSecret: env.APP_SECRET,
    errorReporting: env.ERROR_REPORTING_DSN
      ? {
          dsn: env.ERROR_REPORTING_DSN,
          environment: env.ERROR_REPORTING_ENVIRONMENT ?? env.NODE_ENV,
          release: env.ERROR_REPORTING_RELEASE,
        }
      : undefined,
    webErrorReportingDsn: env.ERROR_REPORTING_WEB_DSN ?? env.ERROR_REPORTING_DSN,
    manualCreditApprovalThresholdMinor: env.MANUAL_CREDIT_APPROVAL_THRESHOLD_MINOR,
    exchangeQuoteSeconds: env.EXCHANGE_QUOTE_SECONDS,
    fxRateMaxAgeHours: env.FX_RATE_MAX_AGE_HOURS,
    fxRateUrl: env.FX_RATE_URL,
  }));

export type Config = z.output<typeof configSchema>;

/** 127.0.0.0/8, ::1 and localhost: addresses no other machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1' || /^::ffff:127\./.test(bare);
  return false;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as in most shells' `VAR= command`.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = configSchema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  return result.data;
}

/** A config for tests and tools: defaults plus the overrides given, never the process environment. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEMO_MODE: 'on',
    BOT_CHECK: 'off',
    ...overrides,
  });
}
