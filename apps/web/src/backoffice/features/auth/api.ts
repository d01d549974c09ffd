import type {
  OperatorLoginChallenge,
  operatorLoginAnswerSchema,
  operatorLoginVerifiedSchema,
} from '@bluepeak/core/backoffice';
import type { z } from 'zod';
import { backoffice } from '../../lib/api';

// An operator's log-in: the password first, then the one-time code the challenge asks for.
export type { OperatorLoginChallenge };

export const startLogin = (email: string, password: string) =>
  backoffice<z.infer<typeof operatorLoginAnswerSchema>>('/auth/login', {
    method: 'POST',
    body: { email, password },
  });

export const verifyLogin = (challengeId: string, code: string) =>
  backoffice<z.infer<typeof operatorLoginVerifiedSchema>>('/auth/login/verify', {
    method: 'POST',
    body: { challenge_id: challengeId, code },
  });
