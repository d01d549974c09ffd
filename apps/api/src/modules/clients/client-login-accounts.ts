import { type LoginAccount, type LoginAccounts, recordTotpStep } from '../auth';
import { type ClientRow, findClientByEmail, findClientById } from './client-rows';

function toLoginAccount(row: ClientRow): LoginAccount {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    secondFactor: row.second_factor,
    totpSecretSealed: row.totp_confirmed_at ? row.totp_secret_encrypted : null,
    totpLastStep: row.totp_last_counter,
    phone: row.phone_verified_at ? row.phone : null,
    blockedReason:
      row.status === 'DEACTIVATED' ? 'disabled' : row.email_confirmed_at ? null : 'email_not_confirmed',
  };
}

export const clientLoginAccounts: LoginAccounts = {
  principalType: 'client',
  async findByEmail(db, email) {
    const row = await findClientByEmail(db, email);
    return row && toLoginAccount(row);
  },
  async findById(db, id) {
    const row = await findClientById(db, id);
    return row && toLoginAccount(row);
  },
  saveTotpStep: (db, id, step) => recordTotpStep(db, 'client', id, step),
};
