import * as accounts from '@bluepeak/core/accounts';
import * as auth from '@bluepeak/core/auth';
import * as backoffice from '@bluepeak/core/backoffice';
import * as deactivation from '@bluepeak/core/deactivation';
import * as escrow from '@bluepeak/core/escrow';
import * as onboarding from '@bluepeak/core/onboarding';
import * as payments from '@bluepeak/core/payments';
import * as schemas from '@bluepeak/core/schemas';
import * as tickets from '@bluepeak/core/tickets';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import deAuth from '../locales/de-DE/auth.json';
import enAuth from '../locales/en-GB/auth.json';
import { validationTextOf } from './form-errors';

// A scan of the schemas' messages: every core schema is fed wrong input of every kind, and no
// message it answers is zod's own wording; every message of a form a person fills in has its
// text in English and German.
const MODULES = { accounts, auth, backoffice, deactivation, escrow, onboarding, payments, schemas, tickets };

// The schemas behind the forms people fill in (clients and operators).
const FORMS = new Set([
  'privateSignUpSchema',
  'businessSignUpSchema',
  'loginSchema',
  'newPasswordSchema',
  'phoneSchema',
  'emailSchema',
  'addressSchema',
  'companyProfileSchema',
  'updateInfoSchema',
  'createTicketSchema',
  'requestDeactivationSchema',
  'rejectDeactivationSchema',
  'identificationDecisionSchema',
  'requestDataUpdateSchema',
  'clientRequirementSchema',
  'proposeAdjustmentSchema',
  'adjustmentDecisionSchema',
  'cardWaitlistRequestSchema',
  'proposeEscrowSchema',
  'escrowOutsidePartySchema',
  'proposeEscrowChangeSchema',
  'escrowReasonSchema',
]);

const ZOD_WORDING =
  /^(Invalid input|Too (small|big)|Invalid option|Invalid string|Invalid email|Unrecognized key|Invalid discriminator|Invalid element|Expected)/;

type Shape = Record<string, z.ZodType>;
function shapeOf(schema: z.ZodType): Shape | undefined {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  if (def.shape) return def.shape as Shape;
  for (const inner of [def.in, def.schema, def.innerType]) {
    if (inner instanceof z.ZodType) return shapeOf(inner);
  }
  return undefined;
}

const WRONG: unknown[] = [undefined, null, '', [], {}, -1, 1e15, 1.5, 'x'.repeat(10_001), 'Ä<>'];

function messagesOf(schema: z.ZodType): Set<string> {
  const inputs: unknown[] = [...WRONG];
  const shape = shapeOf(schema);
  if (shape)
    for (const value of WRONG) inputs.push(Object.fromEntries(Object.keys(shape).map((key) => [key, value])));
  const found = new Set<string>();
  for (const input of inputs) {
    const result = schema.safeParse(input);
    if (!result.success) for (const issue of result.error.issues) found.add(issue.message);
  }
  return found;
}

const schemasOf = () =>
  Object.values(MODULES).flatMap((module) =>
    Object.entries(module).filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType),
  );

const textAt = (file: unknown, path: string) =>
  path
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], file);

describe('the messages of the schemas', () => {
  it('never use zod’s own wording, in any schema', () => {
    const raw: string[] = [];
    for (const [name, schema] of schemasOf())
      for (const message of messagesOf(schema))
        if (ZOD_WORDING.test(message)) raw.push(`${name}: ${message}`);
    expect(raw).toEqual([]);
  });

  it('of every form have their text in English and German', () => {
    const missing: string[] = [];
    const scanned = schemasOf().filter(([name]) => FORMS.has(name));
    expect(scanned.map(([name]) => name).sort()).toEqual([...FORMS].sort());
    for (const [name, schema] of scanned) {
      for (const message of messagesOf(schema)) {
        const text = validationTextOf(message);
        const path = text?.key.replace(/^auth:/, '');
        if (!path || typeof textAt(enAuth, path) !== 'string' || typeof textAt(deAuth, path) !== 'string')
          missing.push(`${name}: ${message}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
