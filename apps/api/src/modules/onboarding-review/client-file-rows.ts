import type { ClientStatus } from '@bluepeak/core';
import type { Queryable } from '../../db/database';

// What the back office reads about applicants: the queue by status, and a client's
// identifications, company sections and the decisions taken about them; and what a decision
// writes to the history, with the rows it locks first.

export type ApplicationRow = {
  id: string;
  type: 'PRIVATE' | 'CORPORATE';
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  email: string;
  status: string;
  application_submitted_at: Date | null;
  created_at: Date;
  total: number;
};

/** One page of the clients in a status, newest first; each row carries the total. */
/**
 * Clients whose name, e-mail, phone or registration number contains `term` (any status),
 * newest first: the back office's client search.
 */
export async function searchClients(
  db: Queryable,
  term: string,
  page: number,
  limit: number,
): Promise<ApplicationRow[]> {
  const pattern = `%${term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return db.query<ApplicationRow>(
    `SELECT id, type, first_name, last_name, company_name, email, status, application_submitted_at, created_at,
       count(*) OVER ()::int AS total
     FROM clients
     WHERE lower(email) LIKE $1 OR phone LIKE $1
       OR lower(trim(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))) LIKE $1
       OR lower(coalesce(company_name, '')) LIKE $1 OR lower(coalesce(registration_number, '')) LIKE $1
     ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [pattern, limit, (page - 1) * limit],
  );
}

export async function listApplications(
  db: Queryable,
  status: ClientStatus,
  page: number,
  limit: number,
): Promise<ApplicationRow[]> {
  return db.query<ApplicationRow>(
    `SELECT id, type, first_name, last_name, company_name, email, status, application_submitted_at, created_at,
       count(*) OVER ()::int AS total
     FROM clients WHERE status = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [status, limit, (page - 1) * limit],
  );
}

export type IdentificationSubmissionRow = {
  id: string;
  document_type: string;
  status: string;
  decision_reason: string | null;
  date_of_birth: string | null;
  document_expires_on: string | null;
  created_at: Date;
};

/** The client's identification submissions with the dates they gave, newest first. */
export async function listIdentificationSubmissions(
  db: Queryable,
  clientId: string,
): Promise<IdentificationSubmissionRow[]> {
  return db.query<IdentificationSubmissionRow>(
    `SELECT id, document_type, status, decision_reason, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth,
       to_char(document_expires_on, 'YYYY-MM-DD') AS document_expires_on, created_at
     FROM identification_submissions WHERE client_id = $1 ORDER BY created_at DESC, id DESC`,
    [clientId],
  );
}

/** The client's company sections (activity, client info, partners, structure) by name. */
export async function loadCompanyProfile(db: Queryable, clientId: string): Promise<Record<string, unknown>> {
  const rows = await db.query<{ section: string; data: unknown }>(
    'SELECT section, data FROM company_profile_sections WHERE client_id = $1 ORDER BY section',
    [clientId],
  );
  return Object.fromEntries(rows.map((row) => [row.section, row.data]));
}

/** Every decision operators took about the client, newest first, with who took it. */
export async function listReviews(db: Queryable, clientId: string) {
  const rows = await db.query<{
    id: string;
    action: string;
    reason: string | null;
    details: Record<string, unknown>;
    operator_email: string;
    created_at: Date;
  }>(
    `SELECT r.id, r.action, r.reason, r.details, o.email AS operator_email, r.created_at
     FROM operator_reviews r JOIN operators o ON o.id = r.operator_id
     WHERE r.client_id = $1 ORDER BY r.created_at DESC, r.id DESC`,
    [clientId],
  );
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}

/** A decision or requirement in the client's history (listReviews reads them back). */
export async function insertOperatorReview(
  tx: Queryable,
  review: {
    clientId: string;
    operatorId: string;
    action: string;
    reason: string | null;
    details: Record<string, unknown>;
    now: Date;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO operator_reviews (client_id, operator_id, action, reason, details, created_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6)`,
    [
      review.clientId,
      review.operatorId,
      review.action,
      review.reason,
      JSON.stringify(review.details),
      review.now,
    ],
  );
}

/** The client's document, locked until the verdict on it is recorded. */
export async function lockClientDocument(tx: Queryable, clientId: string, documentId: string) {
  const [document] = await tx.query<{ kind: string; review_status: string }>(
    'SELECT kind, review_status FROM client_documents WHERE id = $1 AND client_id = $2 FOR UPDATE',
    [documentId, clientId],
  );
  return document;
}

/** An identification submission, locked until the decision on it is recorded. */
export async function lockIdentificationSubmission(tx: Queryable, submissionId: string) {
  const [submission] = await tx.query<{ client_id: string; status: string }>(
    'SELECT client_id, status FROM identification_submissions WHERE id = $1 FOR UPDATE',
    [submissionId],
  );
  return submission;
}
