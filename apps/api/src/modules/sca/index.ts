// Strong customer authentication: one-time codes bound to what they authorise, step-up before
// a security setting changes, and the replay of a confirmation's first answer.

import type { ModuleManifest } from '../../lib/module-manifest';

export { type CodeStep, changedSinceCode, confirmByCode } from './confirm-by-code';
export {
  type CodeConfirmation,
  type ConfirmCall,
  type ConfirmOutcome,
  confirmOnce,
  objectConfirmCall,
} from './confirm-replay';
export {
  issueScaChallenge,
  SCA_CODE_SECONDS,
  type ScaChallenge,
  type ScaClient,
} from './issue-sca-challenge';
export {
  type ChallengeJson,
  challengeFromJson,
  challengeJsonSql,
  findChallengeFor,
  latestChallengeFor,
  scaClaimSql,
} from './sca-challenge-rows';
export { claimStepUp, issueStepUp, type VerifiedStepUp, verifyStepUp } from './step-up';
export {
  bindingHash,
  canonicalJson,
  claimScaChallenge,
  finishScaClaim,
  liveChallengeView,
  type VerifiedSca,
  verifyScaCode,
} from './strong-authentication';

/** What the app registers of this module, in the declared order of modules (apps/api/src/modules.ts). */
export const manifest: ModuleManifest = {
  name: 'sca',
};
