// totp-steps.test.ts imports the statement from here.
export { recordTotpStep } from './totp-step-rows';
