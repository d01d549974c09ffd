import type { Queryable } from '../../db/database';

// A deal's history (escrow_events), one row per step.
export type EventRow = { kind: string; actor: string; details: Record<string, unknown>; at: Date };

export async function listEvents(db: Queryable, dealId: string): Promise<EventRow[]> {
  return db.query<EventRow>(
    'SELECT kind, actor, details, at FROM escrow_events WHERE deal_id = $1 ORDER BY id',
    [dealId],
  );
}

export async function insertEvent(
  tx: Queryable,
  event: { dealId: string; kind: string; actor: string; details: string },
): Promise<void> {
  await tx.query('INSERT INTO escrow_events (deal_id, kind, actor, details) VALUES ($1, $2, $3, $4::jsonb)', [
    event.dealId,
    event.kind,
    event.actor,
    event.details,
  ]);
}
