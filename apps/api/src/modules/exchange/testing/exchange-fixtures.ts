import type { FastifyInstance } from 'fastify';
import type { Session } from '../../payments/testing/payment-fixtures';

// Calls the exchange API the way the web app does.
let keys = 0;

export function quote(
  app: FastifyInstance,
  session: Session,
  body: { from_account_id: string; to_account_id: string; sell_amount?: number; buy_amount?: number },
) {
  return app.inject({
    method: 'POST',
    url: '/api/client/exchanges/quote',
    headers: session.headers,
    payload: body,
  });
}

export function confirm(app: FastifyInstance, session: Session, id: string, key = `exchange-${++keys}`) {
  return app.inject({
    method: 'POST',
    url: `/api/client/exchanges/${id}/confirm`,
    headers: { ...session.headers, 'idempotency-key': key },
  });
}

export function readExchange(app: FastifyInstance, session: Session, id: string) {
  return app.inject({ method: 'GET', url: `/api/client/exchanges/${id}`, headers: session.headers });
}
