export { confirmOnce } from './confirm-replay';
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
