import { type ClientRequirement, clientRequirementRefusal } from '@bluepeak/core/backoffice';
import type { Queryable } from '../../db/database';
import { notFound } from '../../lib/app-error';
import { type ClientRow, findClientById } from '../clients';
import { refuseRequirement } from './record-client-requirement';

/** The client a requirement is for: 404 when there is none, 409 when it cannot take this one now. */
export async function clientForRequirement(
  tx: Queryable,
  clientId: string,
  requirement: ClientRequirement,
): Promise<ClientRow> {
  const client = await findClientById(tx, clientId, true);
  if (!client) throw notFound('Client');
  refuseRequirement(clientRequirementRefusal(requirement, client));
  return client;
}
