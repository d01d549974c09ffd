import type { FieldError, Problem } from '@bluepeak/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { type ErrorReporter, noErrorReporter } from '../lib/error-reporter';

// ONE error handler for the whole API (docs/decisions/0004-api-error-shape.md): every
// failure leaves as problem+json with `message`, plus `errors` on 400 and `detail` on 422.
// A bug becomes a logged 500 whose message says nothing about the inside.
const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  423: 'Locked',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

// Fastify's own errors for malformed requests, mapped to a stable code.
const FASTIFY_CODES: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'Unsupported Content-Type',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'invalid_content_length',
    message: 'Invalid Content-Length',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'body_too_large', message: 'Request body is too large' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'empty_body', message: 'Request body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'malformed_json',
    message: 'Request body is not valid JSON',
  },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, code: 'invalid_content_type', message: 'Invalid Content-Type' },
  FST_ERR_CTP_INVALID_CONTENT_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'Unsupported Content-Type',
  },
  FST_ERR_BAD_URL: { status: 400, code: 'bad_url', message: 'Malformed URL' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, code: 'bad_request', message: 'Bad request' },
};

export function problem(
  status: number,
  code: string,
  message: string,
  extra: Partial<Problem> = {},
): Problem {
  return {
    type: `https://bluepeak.example/problems/${code.replace(/_/g, '-')}`,
    title: TITLES[status] ?? 'Error',
    status,
    code,
    message,
    ...extra,
    // A client reads `errors` on every 400, so one that is about the request as a whole (bad
    // JSON, a bad URL) still names the part of the request at fault.
    ...(status === 400 && !extra.errors?.length
      ? { errors: [{ field: partAtFault(code), code, message }] }
      : {}),
  };
}

const URL_CODES = new Set(['bad_url', 'bad_request']);
const HEADER_CODES = new Set(['idempotency_key_missing', 'idempotency_key_invalid', 'invalid_content_type']);

function partAtFault(code: string): string {
  if (URL_CODES.has(code)) return 'url';
  if (HEADER_CODES.has(code)) return 'headers';
  return 'body';
}

export function sendProblem(
  reply: FastifyReply,
  body: Problem,
  headers: Record<string, string | string[]> = {},
) {
  return reply.status(body.status).headers(headers).type('application/problem+json').send(body);
}

// Only the bugs are reported: a 4xx (a 401 above all) is an answer the product foresees
// (docs/conventions.md, 4), and a 503 the database or a dependency being down says so itself.
export function registerErrorHandler(app: FastifyInstance, errorReporter: ErrorReporter = noErrorReporter) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = toProblem(error, request);
    if (body.status >= 500) {
      request.log.error({ err: error }, 'request failed');
      if (body.status === 500) {
        errorReporter.capture(error, {
          requestId: request.id,
          method: request.method,
          route: request.routeOptions.url,
        });
      }
    } else request.log.info({ code: body.code, status: body.status }, 'request refused');
    return sendProblem(reply, body, error instanceof AppError ? (error.extra.headers ?? {}) : {});
  });

  app.setNotFoundHandler((request, reply) => {
    // The web app uses a hash router, so a browser that asks for any other page path gets
    // the app's home page rather than an error (docs/requirements/public-site.md: unknown paths go home).
    const wantsPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api') &&
      request.headers.accept?.includes('text/html');
    // The home page itself missing (the web app not built, or being rebuilt) is a 404, never a
    // redirect to itself: a browser would follow that in a loop.
    if (wantsPage && request.url.split('?')[0] !== '/') return reply.redirect('/', 302);
    const allowed = allowedMethods(app, request.url.split('?')[0] ?? '');
    if (allowed.length > 0) {
      return sendProblem(
        reply,
        problem(405, 'method_not_allowed', `${request.method} is not allowed here`, {
          request_id: request.id,
        }),
        { allow: allowed.join(', ') },
      );
    }
    return sendProblem(
      reply,
      // The path is not echoed: an answer never repeats what the caller sent.
      problem(404, 'route_not_found', 'There is no such route', { request_id: request.id }),
    );
  });
}

function toProblem(error: FastifyError, request: FastifyRequest): Problem {
  const requestId = request.id;
  if (error instanceof AppError) {
    return problem(error.status, error.code, error.message, {
      ...error.extra,
      headers: undefined,
      request_id: requestId,
    } as Partial<Problem>);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: FieldError[] = error.validation.map((issue) => ({
      field: [error.validationContext, ...pathOf(issue.instancePath)].filter(Boolean).join('.'),
      code: String(issue.keyword),
      message: issue.message ?? 'Invalid value',
    }));
    return problem(400, 'validation_failed', 'The request is not valid', { errors, request_id: requestId });
  }
  const known = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (known) return problem(known.status, known.code, known.message, { request_id: requestId });
  if (
    error instanceof SyntaxError ||
    (/prototype|constructor/i.test(error.message ?? '') && error.statusCode === 400)
  ) {
    return problem(400, 'malformed_json', 'Request body is not valid JSON', { request_id: requestId });
  }
  if (error.statusCode === 429) {
    return problem(429, 'rate_limited', 'Too many requests, please try again later', {
      request_id: requestId,
    });
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return problem(error.statusCode, 'bad_request', error.message, { request_id: requestId });
  }
  return problem(500, 'internal_error', 'Something went wrong on our side. Please try again later.', {
    request_id: requestId,
  });
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

// docs/reliability.md, bad input 19: a path that exists under other methods is a 405 with Allow,
// not a 404. The static files' catch-all (`/*`, params '*') does not count as a route here.
function allowedMethods(app: FastifyInstance, path: string): string[] {
  return METHODS.filter((method) => {
    const route = app.findRoute({ method, url: path });
    return route !== null && !('*' in (route.params ?? {}));
  });
}

function pathOf(instancePath: string): string[] {
  return instancePath.split('/').filter(Boolean);
}
