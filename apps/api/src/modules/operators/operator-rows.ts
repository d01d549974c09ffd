import type { Queryable } from '../../db/database';
import { type LoginAccount, type LoginAccounts, recordTotpStep } from '../auth';

export type OperatorRow = {
  id: string;
  email: string;
  name: string;
  roles: string[];
  password_hash: string;
  totp_secret_encrypted: string | null;
  totp_last_counter: number | null;
  second_factor: 'totp' | 'email';
  disabled_at: Date | null;
  activated_at: Date | null;
};

export async function findOperatorById(db: Queryable, id: string): Promise<OperatorRow | undefined> {
  const [row] = await db.query<OperatorRow>('SELECT * FROM operators WHERE id = $1', [id]);
  return row;
}

function toLoginAccount(row: OperatorRow): LoginAccount {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    secondFactor: row.second_factor,
    totpSecretSealed: row.totp_secret_encrypted,
    totpLastStep: row.totp_last_counter,
    phone: null,
    // An invited operator has not chosen a password yet; it is refused like a wrong one.
    blockedReason: row.disabled_at || !row.activated_at ? 'disabled' : null,
  };
}

export const operatorLoginAccounts: LoginAccounts = {
  principalType: 'operator',
  async findByEmail(db, email) {
    const [row] = await db.query<OperatorRow>('SELECT * FROM operators WHERE lower(email) = lower($1)', [
      email,
    ]);
    return row && toLoginAccount(row);
  },
  async findById(db, id) {
    const row = await findOperatorById(db, id);
    return row && toLoginAccount(row);
  },
  saveTotpStep: (db, id, step) => recordTotpStep(db, 'operator', id, step),
};
