// Who acted, for the audit log and a payment's events. An operator's act reaches a service as the
// operator and the request it came with; written down it is `actorType: 'operator'` with the
// operator's id. Both forms are built here, from the session's operator id (the guard that
// proved it stays with the routes), so no route or service spells them out.

/** The request an act came with: its id, and the caller's address. */
export type RequestTrace = { id: string; ip: string };

/** An operator acting through a request. */
export type OperatorActor = { operatorId: string; requestId: string; ip: string };

/** The session's operator acting through this request. */
export function actingOperator(operatorId: string, request: RequestTrace): OperatorActor {
  return { operatorId, requestId: request.id, ip: request.ip };
}

/** An operator's act as the audit log and a payment's events record it. */
export function operatorActor(operator: OperatorActor) {
  return {
    actorType: 'operator' as const,
    actorId: operator.operatorId,
    requestId: operator.requestId,
    ip: operator.ip,
  };
}
