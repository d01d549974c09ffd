import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { altchaKeys, createAltchaChallenge } from '../altcha';

/** The widget's payload for a cheap challenge signed with this installation key, solved at once. */
export async function solvedAltchaPayload(installationKey: Buffer): Promise<string> {
  const challenge = await createAltchaChallenge(altchaKeys(installationKey), new Date(), {
    cost: 1,
    counterMin: 1,
    counterMax: 20,
  });
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
