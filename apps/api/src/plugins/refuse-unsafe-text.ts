import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import { findUnsafeText } from '../lib/unsafe-text';

// The one place where NUL characters and lone surrogates are refused, for every route and
// every part of a request, before validation: 400 with the field that carries them.
export function registerUnsafeTextCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const found =
      findUnsafeText(request.params, 'params') ??
      findUnsafeText(request.query, 'querystring') ??
      findUnsafeText(request.body, 'body');
    if (found) throw new AppError('validation_failed', 'The request is not valid', { errors: [found] });
  });
}
