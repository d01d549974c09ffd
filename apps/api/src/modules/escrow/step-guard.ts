import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database, Queryable } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { parseIdempotencyKey, runIdempotent } from '../../lib/idempotency';
import { sendAnswer } from '../../lib/send-answer';
import { loadApprovedCaller } from '../clients';
import { findDeal } from './escrow-rows';
import { dealView } from './escrow-view';

// Every step of a deal, a party's or the escrow desk's, takes an Idempotency-Key and replays its
// first answer (docs/requirements/escrow.md, "Retries"; docs/idempotency.md): a retry after a lost
// answer gets the deal as the step left it, with `Idempotent-Replayed: true`, instead of a second
// deal or a 409 that hides that its own first attempt did the step.

/** The header of a step's route, so the OpenAPI document names it. */
export const escrowStepHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .describe(
      'Required: 1-255 printable characters, one per attempt; a retry with it replays the first answer',
    ),
});

export type EscrowStepCall = {
  /** The caller's own scope, e.g. `client:{id}` or `operator:{id}`. */
  caller: string;
  /** The step, e.g. `accept`; one scope per step, so one key names one attempt of one step. */
  step: string;
  /** What the key is bound to: the path's ids and the body. */
  request: unknown;
  /** The header as sent: a missing or malformed key is a 400. */
  header: unknown;
};

/** Runs a step once per key, in one transaction with its stored answer, and sends that answer. */
export async function answerStep(
  db: Database,
  reply: FastifyReply,
  call: EscrowStepCall,
  work: (tx: Queryable) => Promise<{ status: 200 | 201; body: unknown }>,
) {
  const key = parseIdempotencyKey(call.header);
  const answer = await runIdempotent(
    db,
    { scope: `${call.caller}:escrow-${call.step}`, key, request: call.request },
    work,
  );
  return sendAnswer(reply, answer);
}

export type ClientActor = { clientId: string; requestId: string; ip: string };

/**
 * A party's steps: another client's deal is a 404 before the key is judged; the answer is the
 * deal as the step left it.
 */
export function clientStep(db: Database, clock: Clock) {
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
    input: {
      name: string;
      dealId?: string;
      status: 200 | 201;
      /** Proposing answers with the id of the deal it creates. */
      act: (tx: Queryable, actor: ClientActor) => Promise<unknown>;
    },
  ) => {
    const client = await loadApprovedCaller(db, request);
    if (input.dealId) await findDeal(db, input.dealId, client.id);
    const actor: ClientActor = { clientId: client.id, requestId: request.id, ip: request.ip };
    const call = {
      caller: `client:${client.id}`,
      step: input.name,
      request: { params: request.params, body: request.body ?? null },
      header: request.headers['idempotency-key'],
    };
    return answerStep(db, reply, call, async (tx) => {
      const created = await input.act(tx, actor);
      const id = input.dealId ?? (typeof created === 'string' ? created : undefined);
      if (!id) throw new Error('an escrow step named no deal');
      return { status: input.status, body: { data: await dealView(tx, id, client.id, clock.now()) } };
    });
  };
}
