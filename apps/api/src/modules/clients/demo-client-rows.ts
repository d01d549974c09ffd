import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/database';
import { databaseStorage, storeAttachments } from '../attachments';

// The demo clients' rows, written for the demo seed (apps/api/src/seed/) by the module that owns
// the tables: the client at its status and, past the onboarding steps, the profile it gave (a
// legal address, and an identity check for a private client or the company's structure, profile
// and certificate for a business).

// The smallest well-formed PDF, standing in for the demo company's certificate of incorporation.
const DEMO_PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

export type DemoClient = {
  type: 'PRIVATE' | 'CORPORATE';
  email: string;
  status: 'NEW' | 'ON_APPROVAL' | 'APPROVED';
  names: [string | null, string | null, string | null, string | null, string | null];
  phone: string;
  country: string;
  referralId: string | null;
};

export async function insertDemoClient(
  tx: Queryable,
  client: DemoClient,
  passwordHash: string,
): Promise<string> {
  const approved = client.status === 'APPROVED';
  // Past the onboarding steps (phone, identification, address): waiting for review or approved.
  const onboarded = client.status !== 'NEW';
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO clients (type, status, first_name, last_name, company_name, registration_number, contact_person,
       email, phone, country, password_hash, email_confirmed_at, phone_verified_at,
       has_processed_ondato_identification, referral_id, application_submitted_at, decided_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now(), CASE WHEN $12 THEN now() END, $12, $13,
       CASE WHEN $12 THEN now() END, CASE WHEN $14 THEN now() END)
     RETURNING id`,
    [
      client.type,
      client.status,
      ...client.names,
      client.email,
      client.phone,
      client.country,
      passwordHash,
      onboarded,
      client.referralId,
      approved,
    ],
  );
  if (!row) throw new Error('demo client insert returned no row');
  if (onboarded) await completeProfile(tx, row.id, client);
  return row.id;
}

async function completeProfile(tx: Queryable, clientId: string, client: DemoClient) {
  const { type } = client;
  await tx.query(
    `INSERT INTO client_addresses (client_id, type, country, city, address, postcode)
     VALUES ($1, 'LEGAL', 'GB', 'London', $2, $3)`,
    [
      clientId,
      type === 'PRIVATE' ? '221B Baker Street' : '1 Canada Square',
      type === 'PRIVATE' ? 'NW1 6XE' : 'E14 5AB',
    ],
  );
  if (type === 'PRIVATE') {
    // The identity check it passed, so Settings shows a document on file (docs/requirements/settings.md).
    await tx.query(
      `INSERT INTO identification_submissions (client_id, document_type, status, date_of_birth, document_expires_on,
         document_number, reviewed_at)
       VALUES ($1, 'PASSPORT', 'APPROVED', '1988-03-14', '2031-06-30', '533401372', now())`,
      [clientId],
    );
    return;
  }
  const [director] = await tx.query<{ id: string }>(
    `INSERT INTO related_persons (client_id, first_name, last_name, date_of_birth, nationality, roles, ownership_percent, address)
     VALUES ($1, 'Sam', 'Taylor', '1980-04-02', 'GB', ARRAY['DIRECTOR', 'ULTIMATE_BENEFICIAL_OWNER'], 100, $2::jsonb)
     RETURNING id`,
    [
      clientId,
      JSON.stringify({
        type: 'RESIDENTIAL',
        country: 'GB',
        city: 'London',
        address: '5 Elm Row',
        postcode: 'E1 6AN',
      }),
    ],
  );
  const sections: Record<string, unknown> = {
    activity_types: ['TRADE'],
    client_info: {
      business_description: 'Wholesale of office supplies in the UK and EU',
      website: 'https://northwind.example',
      registration_number: client.names[3] ?? undefined,
      registration_date: '2015-03-12',
      legal_form: 'Private limited company',
      tax_residence: client.country,
      expected_monthly_turnover: { amount: 5_000_000, currency: 'EUR' },
    },
    incoming_partners: [{ name: 'Contoso GmbH', country: 'DE' }],
    outgoing_partners: [{ name: 'Fabrikam SARL', country: 'FR' }],
    company_structure: [
      {
        type: 'DIRECTOR',
        first_name: 'Sam',
        last_name: 'Taylor',
        ownership_percent: 100,
        related_person_id: director?.id,
      },
    ],
  };
  for (const [section, data] of Object.entries(sections)) {
    await tx.query(
      'INSERT INTO company_profile_sections (client_id, section, data) VALUES ($1, $2, $3::jsonb)',
      [clientId, section, JSON.stringify(data)],
    );
  }
  const file = {
    kind: 'CERTIFICATE_OF_INCORPORATION',
    fileName: 'certificate-of-incorporation.pdf',
    mime: 'application/pdf' as const,
    content: DEMO_PDF,
    sha256: createHash('sha256').update(DEMO_PDF).digest(),
  };
  const [attachmentId] = await storeAttachments(
    tx,
    databaseStorage,
    { clientId, purpose: 'company_document', uploadedBy: 'client' },
    [file],
  );
  await tx.query(
    `INSERT INTO client_documents (client_id, kind, attachment_id, review_status)
     VALUES ($1, 'CERTIFICATE_OF_INCORPORATION', $2, 'accepted')`,
    [clientId, attachmentId],
  );
}
