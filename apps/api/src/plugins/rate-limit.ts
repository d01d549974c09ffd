import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../lib/app-error';

// Counters live in memory on one process; with REDIS_URL every API process shares them, so
// a limit holds however many processes serve. Routes tighten it with `config.rateLimit`
// (log-in, codes, sign-up). Over the limit: 429 with Retry-After, in our error shape.
export async function registerRateLimit(
  app: FastifyInstance,
  options: { perMinute: number; redisUrl?: string; allow?: readonly string[] },
) {
  const allowed = new Set(options.allow ?? []);
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: true,
    max: options.perMinute,
    // Only the API is limited: the app's files are static, cached and many (one page needs
    // dozens of chunks), so counting them would throttle a client who merely opens a page.
    allowList: (request) => !request.url.startsWith('/api/') || allowed.has(request.ip),
    timeWindow: 60_000,
    ...(redis ? { redis, nameSpace: 'bluepeak-rl:' } : {}),
    // A limiter outage must not take the bank down with it; the per-route limits that guard
    // log-in are also enforced in the database by the lockout rules.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', 'Too many requests, please try again later', {
        headers: { 'retry-after': String(Math.ceil(context.ttl / 1000)) },
      }),
  });
}
