import type { Queryable } from '../../db/database';
import type { PrincipalType } from './session-rows';

// What the log-in flow needs to know about a client or an operator; each principal type
// supplies its own reader, so the rules (lockout, codes, sessions) are written once.
export type LoginAccount = {
  id: string;
  email: string;
  passwordHash: string;
  secondFactor: 'totp' | 'sms' | 'email';
  totpSecretSealed: string | null;
  totpLastStep: number | null;
  phone: string | null;
  /** Why a correct password still may not log in (e.g. e-mail not confirmed), or null. */
  blockedReason: 'email_not_confirmed' | 'disabled' | null;
};

export type LoginAccounts = {
  principalType: PrincipalType;
  findByEmail: (db: Queryable, email: string) => Promise<LoginAccount | undefined>;
  findById: (db: Queryable, id: string) => Promise<LoginAccount | undefined>;
  /** Records an authenticator code's step as used; false when it was used already (recordTotpStep). */
  saveTotpStep: (db: Queryable, id: string, step: number) => Promise<boolean>;
};
