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

/** What the administrators' list shows of an operator. */
export type OperatorSummaryRow = {
  id: string;
  email: string;
  name: string;
  roles: string[];
  second_factor: 'totp' | 'email';
  created_at: Date;
  disabled_at: Date | null;
  activated_at: Date | null;
};

export async function listOperatorSummaries(db: Queryable): Promise<OperatorSummaryRow[]> {
  return db.query<OperatorSummaryRow>(
    `SELECT id, email, name, roles, second_factor, created_at, disabled_at, activated_at FROM operators
     ORDER BY disabled_at IS NOT NULL, created_at DESC, id DESC`,
  );
}

export async function findOperatorSummaryRow(
  db: Queryable,
  id: string,
): Promise<OperatorSummaryRow | undefined> {
  const [row] = await db.query<OperatorSummaryRow>(
    'SELECT id, email, name, roles, second_factor, created_at, disabled_at, activated_at FROM operators WHERE id = $1',
    [id],
  );
  return row;
}

/** Whether an operator already has this e-mail, in any case. */
export async function operatorEmailTaken(db: Queryable, email: string): Promise<boolean> {
  const [taken] = await db.query('SELECT 1 FROM operators WHERE lower(email) = lower($1)', [email]);
  return Boolean(taken);
}

/** The operator's row held until the transaction ends, with whether it is deactivated. */
export async function lockOperator(
  tx: Queryable,
  id: string,
): Promise<{ disabled_at: Date | null } | undefined> {
  const [row] = await tx.query<{ disabled_at: Date | null }>(
    'SELECT disabled_at FROM operators WHERE id = $1 FOR UPDATE',
    [id],
  );
  return row;
}

export async function setOperatorDisabledAt(tx: Queryable, id: string, disabledAt: Date): Promise<void> {
  await tx.query('UPDATE operators SET disabled_at = $2 WHERE id = $1', [id, disabledAt]);
}

export async function insertOperator(
  tx: Queryable,
  operator: {
    email: string;
    name: string;
    roles: string[];
    passwordHash: string;
    totpSecretSealed: string | null;
    secondFactor: 'totp' | 'email';
    isDemo: boolean;
    invited: boolean;
  },
): Promise<{ id: string } | undefined> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO operators (email, name, roles, password_hash, totp_secret_encrypted, second_factor, is_demo,
       activated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $8 THEN NULL ELSE now() END) RETURNING id`,
    [
      operator.email,
      operator.name,
      operator.roles,
      operator.passwordHash,
      operator.totpSecretSealed,
      operator.secondFactor,
      operator.isDemo,
      operator.invited,
    ],
  );
  return row;
}

/** An invited operator's chosen password and first TOTP step: it may log in from `activatedAt`. */
export async function activateOperator(
  tx: Queryable,
  id: string,
  passwordHash: string,
  totpStep: number,
  activatedAt: Date,
): Promise<void> {
  await tx.query(
    'UPDATE operators SET password_hash = $2, totp_last_counter = $3, activated_at = $4 WHERE id = $1',
    [id, passwordHash, totpStep, activatedAt],
  );
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
