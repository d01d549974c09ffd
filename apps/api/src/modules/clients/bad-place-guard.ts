import { findPlaceProblem } from '@bluepeak/core';
import type { FastifyRequest, preValidationHookHandler } from 'fastify';
import { AppError } from '../../lib/app-error';

// docs/reliability.md, bad input 21: a country we do not serve or a postcode that does not fit its
// country is a 422 with `detail`. The route's zod schema would call it a 400, so this runs
// before validation on the part of the body that holds the place; any other fault in the body
// is still the schema's 400.
export function refuseBadPlace(
  pick: (body: Record<string, unknown>) => { place: unknown; at: string } | undefined,
  checkPostcode = true,
): preValidationHookHandler {
  return async (request: FastifyRequest) => {
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
    const picked = pick(body as Record<string, unknown>);
    if (!picked) return;
    const problem = findPlaceProblem(picked.place, checkPostcode);
    if (!problem) return;
    const field = ['body', picked.at, problem.field].filter(Boolean).join('.');
    throw new AppError(problem.code, problem.message, {
      detail: problem.message,
      errors: [{ field, code: problem.code, message: problem.message }],
    });
  };
}

/** The place is the body itself (sign-up, /client/address). */
export const placeInBody = (body: Record<string, unknown>) => ({ place: body, at: '' });

/** The place is an optional nested address (`legal_address`, `address`). */
export const placeAt = (key: string) => (body: Record<string, unknown>) =>
  body[key] === undefined ? undefined : { place: body[key], at: key };
