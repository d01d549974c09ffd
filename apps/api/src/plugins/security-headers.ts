import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

// The SPA loads only its own scripts; Mantine sets inline style attributes, hence
// 'unsafe-inline' for styles alone. Framing is refused everywhere (clickjacking on a bank's
// confirm button is the classic attack). HSTS is sent only when the request came over HTTPS,
// so a plain-HTTP demo on localhost is never pinned to HTTPS by the browser; behind a proxy
// (TRUST_PROXY=on) the proxy's `X-Forwarded-Proto: https` counts as HTTPS. One framing policy:
// CSP `frame-ancestors 'none'`, and the legacy X-Frame-Options for old browsers says the same
// (DENY, where helmet's default SAMEORIGIN would contradict it).
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/** Browser features the bank never uses, switched off for its pages and anything they embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * The policy for this deployment: the error-reporting service's origin may be called only when
 * a DSN names it (docs/reliability.md, "Error reporting").
 */
export function contentSecurityPolicy(errorReportingDsns: readonly (string | undefined)[] = []) {
  const origins = [...new Set(errorReportingDsns.flatMap((dsn) => (dsn ? [new URL(dsn).origin] : [])))];
  return { ...CONTENT_SECURITY_POLICY, connectSrc: [...CONTENT_SECURITY_POLICY.connectSrc, ...origins] };
}

/**
 * The headers helmet sets for `options`, worked out once: they do not depend on the request.
 * (Fastify's helmet plugin built helmet's middleware afresh on every request, re-reading the
 * policy each time: a measurable share of a cheap read's CPU, docs/benchmarks.md.)
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  // A response that is never sent: helmet sets its headers on it, and they are read back.
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(options)(request, response, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { errorReportingDsns?: readonly (string | undefined)[] } = {},
) {
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(options.errorReportingDsns),
    },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  // Set when the request arrives, so every answer carries them, errors and 404s included.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
}
