export { confirmOnce } from './confirm-replay';
export { issueScaChallenge, SCA_CODE_SECONDS, type ScaChallenge } from './issue-sca-challenge';
export { claimStepUp, issueStepUp, type VerifiedStepUp, verifyStepUp } from './step-up';
export {
  bindingHash,
  canonicalJson,
  claimScaChallenge,
  findChallengeFor,
  liveChallengeView,
  verifyScaCode,
} from './strong-authentication';
