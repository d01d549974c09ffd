import { randomUUID } from 'node:crypto';
import { installHumanMessages } from '@bluepeak/core/auth';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import type { Database } from './db/database';
import { registerJobs } from './jobs';
import { AppError } from './lib/app-error';
import type { BackgroundJob } from './lib/background-job';
import { systemClock } from './lib/clock';
import { startErrorReporter } from './lib/error-reporter';
import { loadLinkSigningKey } from './lib/link-signing';
import { maskSecrets, REDACTED_LOG_PATHS } from './lib/mask-secrets';
import type { RouteContext } from './lib/module-manifest';
import { parseJsonStrict, StrictJsonError } from './lib/parse-json-strict';
import { type ProcessState, processState } from './lib/process-state';
import { registerModuleHooks } from './module-hooks';
import { MODULES } from './modules';
import { requireOperator } from './modules/auth';
import { healthRoutes } from './modules/meta';
import { registerApiDocs } from './plugins/api-docs';
import { registerErrorHandler } from './plugins/error-handler';
import { answerClientError, answerFrameworkError, refuseLongUrl } from './plugins/framework-errors';
import { registerRateLimit } from './plugins/rate-limit';
import { registerUnsafeTextCheck } from './plugins/refuse-unsafe-text';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticWeb } from './plugins/static-web';

// Hooks are wired when the app's code loads, before any request, job or seed can run one.
registerModuleHooks();

export type AppDependencies = {
  config: Config;
  db: Database;
  webDistDir?: string | undefined;
  /** Where log lines go (stdout by default); tests pass a stream to read them. */
  logStream?: DestinationStream;
  /** The background jobs to run beside the server (jobs.ts); none unless asked for. */
  jobs?: readonly BackgroundJob[];
  /** Migrated and draining, for readiness (server.ts moves it on); migrated and serving by default. */
  state?: ProcessState;
};

/** JSON bodies above this are refused with 413; attachment routes raise it for themselves. */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,64}$/;

/** Builds the whole HTTP application without listening (tests call `app.inject()`). */
export async function buildApp({
  config,
  db,
  webDistDir,
  logStream,
  jobs = [],
  state = processState(),
}: AppDependencies): Promise<FastifyInstance> {
  // Validation answers speak to people, never in zod's own wording.
  installHumanMessages();
  const app = Fastify(serverOptions(config, logStream)).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerStrictJsonParser(app);
  const errorReporter = await startErrorReporter(config.errorReporting);
  // Reports still queued are sent before the process ends, for up to two seconds.
  app.addHook('onClose', async () => errorReporter.close(2000));
  registerErrorHandler(app, errorReporter);
  registerUnsafeTextCheck(app);
  app.addHook('onRequest', refuseLongUrl);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // One log line per request, when it is answered: Fastify's own request logging writes two,
  // and on a cheap read the log writes were a tenth of the server's CPU (docs/benchmarks.md).
  // Its fields are flat values, not the request and reply run through serializers: that cost
  // another twentieth of the read.
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: maskSecrets(request.url),
        remoteAddress: request.ip,
        statusCode: reply.statusCode,
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
  });

  await registerSecurityHeaders(app, {
    errorReportingDsns: [config.errorReporting?.dsn, config.webErrorReportingDsn],
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await registerRateLimit(app, {
    perMinute: config.rateLimitPerMinute,
    redisUrl: config.redisUrl,
    allow: config.rateLimitAllow,
  });
  // ROLE=worker (docs/operations.md): the jobs and the health checks, no client or back-office route.
  if (config.role === 'worker') {
    await app.register(healthRoutes, { db, state });
    registerJobs(app, jobs, { db, config }, errorReporter);
    return app;
  }
  await registerApiDocs(app, {
    production: config.nodeEnv === 'production',
    requireOperator: () => requireOperator({ db, clock: systemClock }),
  });

  const context = { db, config, state, linkKey: await loadLinkSigningKey(db, config.appSecret) };
  await registerModules(app, context);

  if (webDistDir) await registerStaticWeb(app, webDistDir);
  registerJobs(app, jobs, { db, config }, errorReporter);
  return app;
}

/**
 * Every module's routes, in the declared order of modules: first what anyone may call (and, in demo
 * mode, the demo's own routes), then the session plugin, then the routes behind a session, so the
 * session's request fields exist for every route that reads them.
 */
async function registerModules(app: FastifyInstance, context: RouteContext) {
  for (const module of MODULES)
    for (const routes of module.publicRoutes ?? []) await app.register(routes, context);
  if (context.config.demoMode) {
    for (const module of MODULES)
      for (const routes of module.demoRoutes ?? []) await app.register(routes, context);
  }
  for (const module of MODULES) if (module.sessionPlugin) await app.register(module.sessionPlugin, context);
  for (const module of MODULES) for (const routes of module.routes ?? []) await app.register(routes, context);
}

function serverOptions(config: Config, logStream?: DestinationStream): FastifyServerOptions {
  return {
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
      serializers: {
        req: (request) => ({
          method: request.method,
          url: maskSecrets(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
    // One line per request comes from our own hook; Fastify's two built-in lines are off.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: DEFAULT_BODY_LIMIT_BYTES,
    // A request id sent by a proxy is kept only when it looks like one, so logs cannot be
    // spoofed with CRLF or padded with junk.
    requestIdHeader: false,
    genReqId: (request) => {
      const sent = request.headers['x-request-id'];
      return typeof sent === 'string' && REQUEST_ID_PATTERN.test(sent) ? sent : randomUUID();
    },
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: false },
  };
}

// The API speaks JSON only (attachments travel base64 inside it), so every other content type
// is a 415. The JSON parser also refuses duplicate keys and prototype-pollution keys.
function registerStrictJsonParser(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(new AppError('empty_body', 'Request body is empty'), undefined);
      return;
    }
    try {
      done(null, parseJsonStrict(text));
    } catch (error) {
      const code = error instanceof StrictJsonError ? error.code : 'malformed_json';
      const message = error instanceof Error ? error.message : 'Request body is not valid JSON';
      done(new AppError(code, message), undefined);
    }
  });
}
