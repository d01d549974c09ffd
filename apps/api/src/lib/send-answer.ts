import type { FastifyReply } from 'fastify';

/**
 * Sends an answer that may be a replay of the first one (an Idempotency-Key or a confirmation
 * retried): a replay says so in `Idempotent-Replayed: true` (docs/idempotency.md).
 */
export function sendAnswer(
  reply: FastifyReply,
  answer: { status: number; body: unknown; replayed: boolean },
) {
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(answer.status).send(answer.body);
}
