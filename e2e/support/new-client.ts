import { type APIRequestContext, expect } from '@playwright/test';
import { clientHeaders, newestMessageId } from './operator-session';

// Clients a journey creates for itself, so the shared demo clients stay as the seed made them.
// Each is brought through the real API, as onboarding and the operator's review would.
export const CLIENT_PASSWORD = 'Strong-pass-1';

// A whole 1x1 PNG: the API reads an upload to its last chunk.
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export type Person = { first: string; last: string; email: string; phone: string };
export type NewClient = { clientId: string; client: Record<string, string> };

/** The newest message to `to` once one newer than `after` has arrived. */
async function newMessage(api: APIRequestContext, to: string, after?: string): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        const [newest] = (await (await api.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()).data;
        text = newest && newest.id !== after ? newest.text : '';
        return text;
      },
      { message: `a new message to ${to}` },
    )
    .not.toBe('');
  return text;
}

/** The client `email` in the operator's list of applications with `status`. */
export async function applicationOf(
  api: APIRequestContext,
  compliance: Record<string, string>,
  email: string,
  status: string,
): Promise<{ id: string; status: string }> {
  const list = await api.get(`/api/backoffice/applications?status=${status}&limit=100`, {
    headers: compliance,
  });
  const found = (await list.json()).data.find((row: { email: string }) => row.email === email);
  expect(found, `${email} in the applications`).toBeTruthy();
  return found;
}

/** An image attachment as the identification form sends it. */
export const pngAttachment = (type: string) => ({
  name: `${type}.png`,
  type,
  mime: 'image/png',
  size: PNG.length,
  data: PNG.toString('base64'),
});

/** A private client signed up with its e-mail confirmed: NEW, nothing else done yet. */
export async function signedUpClient(api: APIRequestContext, person: Person): Promise<void> {
  const signUp = await api.post('/api/auth/signup/private', {
    data: {
      first_name: person.first,
      last_name: person.last,
      email: person.email,
      phone: person.phone,
      country: 'GB',
      password: CLIENT_PASSWORD,
      password_confirmation: CLIENT_PASSWORD,
      altcha: '',
      accept_terms: true,
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(202);
  const hash = /hash=([\w-]+)/.exec(await newMessage(api, person.email))?.[1];
  expect((await api.post('/api/auth/confirm_email', { data: { hash } })).status()).toBe(200);
}

/** Sign-up to ON_APPROVAL: e-mail confirmed, phone verified, identity approved, address given. */
export async function clientOnApproval(
  api: APIRequestContext,
  person: Person,
  compliance: Record<string, string>,
): Promise<NewClient> {
  await signedUpClient(api, person);
  const client = await clientHeaders(api, person.email, CLIENT_PASSWORD);
  const beforeSms = await newestMessageId(api, person.phone);
  expect((await api.post('/api/client/phone/send_code', { headers: client })).status()).toBe(202);
  const smsCode = /\b(\d{6})\b/.exec(await newMessage(api, person.phone, beforeSms))?.[1];
  const verified = await api.post('/api/client/phone/verify', { headers: client, data: { code: smsCode } });
  expect(verified.status(), await verified.text()).toBe(200);
  const upload = await api.post('/api/client/identification', {
    headers: client,
    data: {
      document_type: 'PASSPORT',
      date_of_birth: '1990-05-17',
      document_expires_on: '2034-01-01',
      attachments: [pngAttachment('front'), pngAttachment('selfie')],
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const clientId = (await applicationOf(api, compliance, person.email, 'VERIFIED')).id;
  const record = (
    await (await api.get(`/api/backoffice/clients/${clientId}`, { headers: compliance })).json()
  ).data;
  const identification = await api.post(
    `/api/backoffice/identifications/${record.identifications[0].id}/approve`,
    { headers: compliance, data: {} },
  );
  expect(identification.status(), await identification.text()).toBe(200);
  const address = await api.post('/api/client/address', {
    headers: client,
    data: { country: 'GB', city: 'London', address: '12 Example Road', postcode: 'N1 9GU' },
  });
  expect(address.ok(), await address.text()).toBe(true);
  expect((await address.json()).data.status).toBe('application_submitted');
  return { clientId, client };
}

/** Sign-up to APPROVED, with its accounts open. */
export async function approvedClient(
  api: APIRequestContext,
  person: Person,
  compliance: Record<string, string>,
): Promise<NewClient> {
  const created = await clientOnApproval(api, person, compliance);
  expect((await applicationOf(api, compliance, person.email, 'ON_APPROVAL')).id).toBe(created.clientId);
  const approved = await api.post(`/api/backoffice/clients/${created.clientId}/approve`, {
    headers: compliance,
    data: { reason: 'All checks passed' },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  return created;
}
