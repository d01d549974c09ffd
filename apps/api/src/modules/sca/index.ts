// Strong customer authentication: one-time codes bound to what they authorise, step-up before
// a security setting changes, and the replay of a confirmation's first answer.

export { type ConfirmOutcome, confirmOnce } from './confirm-replay';
export {
  issueScaChallenge,
  SCA_CODE_SECONDS,
  type ScaChallenge,
  type ScaClient,
} from './issue-sca-challenge';
export { claimStepUp, issueStepUp, type VerifiedStepUp, verifyStepUp } from './step-up';
export {
  bindingHash,
  type ChallengeJson,
  canonicalJson,
  challengeFromJson,
  challengeJsonSql,
  claimScaChallenge,
  findChallengeFor,
  finishScaClaim,
  liveChallengeView,
  scaClaimSql,
  type VerifiedSca,
  verifyScaCode,
} from './strong-authentication';
