import { parseArgs } from 'node:util';
import { emailSchema, passwordSchema } from '@bluepeak/core';
import { operatorRoles } from '@bluepeak/core/backoffice';
import QRCode from 'qrcode';
import { z } from 'zod';
import { loadConfig } from '../../config';
import { migrate } from '../../db/migrate';
import { openDatabase } from '../../db/open-database';
import { withTransaction } from '../../db/transaction';
import { loadLinkSigningKey } from '../../lib/link-signing';
import { createSecretBox } from '../../lib/secret-box';
import { totpEnrolment } from '../auth';
import { createOperator } from './create-operator';

// `npm run operator:create -- --email a@b.example --name "A B" --roles compliance,support`
// The password is read from OPERATOR_PASSWORD (never a command-line argument, which other users
// of the machine can see). Prints the authenticator QR code once; it is not shown again.
const argsSchema = z.object({
  email: emailSchema,
  name: z.string().trim().min(1).max(140),
  roles: z
    .string()
    .transform((value) => value.split(',').map((role) => role.trim()))
    .pipe(z.array(z.enum(operatorRoles)).min(1)),
  password: passwordSchema,
});

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, roles: { type: 'string' } },
  });
  const args = argsSchema.safeParse({ ...values, password: process.env.OPERATOR_PASSWORD });
  if (!args.success) {
    console.error(
      'Usage: OPERATOR_PASSWORD=... npm run operator:create -- --email E --name N --roles compliance,support',
    );
    console.error(args.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n'));
    process.exit(2);
  }
  const config = loadConfig();
  const db = await openDatabase({ ...config, databaseReplicaUrl: undefined });
  try {
    await migrate(db);
    const box = createSecretBox(await loadLinkSigningKey(db, config.appSecret), 'totp');
    const created = await withTransaction(db, (tx) => createOperator(tx, args.data, box));
    if (!created.totpSecret) throw new Error('operator created without a TOTP secret');
    const { uri } = await totpEnrolment(created.totpSecret, args.data.email);
    console.log(`Operator ${args.data.email} created (id ${created.id}).`);
    console.log('Scan this with an authenticator app now; it is not shown again:\n');
    console.log(await QRCode.toString(uri, { type: 'terminal', small: true }));
    console.log(`Or enter the secret by hand: ${created.totpSecret}`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
