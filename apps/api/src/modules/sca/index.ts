// Strong customer authentication: one-time codes bound to what they authorise, step-up before
// a security setting changes, and the replay of a confirmation's first answer.

export { type ConfirmOutcome, confirmOnce } from './confirm-replay';
export { claimStepUp, issueStepUp, type VerifiedStepUp, verifyStepUp } from './step-up';
export {
  bindingHash,
  canonicalJson,
  claimScaChallenge,
  findChallengeFor,
  issueScaChallenge,
  liveChallengeView,
  SCA_CODE_SECONDS,
  type ScaChallenge,
  verifyScaCode,
} from './strong-authentication';
