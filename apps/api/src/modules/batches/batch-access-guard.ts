import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import { notFound } from '../../lib/app-error';
import { loadApprovedCaller } from '../clients';
import { findClientBatch } from './batch-rows';

/** The approved client calling, and a batch of theirs (another client's batch is a 404). */
export function batchAccess(db: Database) {
  const caller = (request: FastifyRequest) => loadApprovedCaller(db, request);
  const ownBatch = async (request: FastifyRequest, id: string) => {
    const batch = await findClientBatch(db, (await caller(request)).id, id);
    if (!batch) throw notFound('Batch');
    return batch;
  };
  return { caller, ownBatch };
}
