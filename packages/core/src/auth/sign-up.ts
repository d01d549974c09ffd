import { z } from 'zod';
import { activeCountryCodeSchema } from '../reference/countries';
import { defaultTextField, emailSchema, latinNumField } from './field-rules';
import { passwordSchema, passwordsMatch } from './password';
import { phoneSchema } from './phone';

// The sign-up forms of /private-account and /business-account (docs/requirements/onboarding.md).
// The ALTCHA payload is the widget's base64 answer; the API ignores it when BOT_CHECK=off.
export const altchaPayloadSchema = z.string().max(10_000).default('');

// The referrer's code from a shared link (`?referral=`, docs/requirements/accounts.md). An unknown
// code is ignored, so the form cannot be used to find out which codes exist.
export const referralCodeSchema = z
  .string()
  .max(40)
  .regex(/^[A-Za-z0-9_-]*$/, 'Invalid referral code')
  .optional();

// The versions of the public terms and privacy policy a sign-up accepts; raise one when its page
// changes, so the client record shows which text each client agreed to.
export const TERMS_VERSION = '2026-11';
export const PRIVACY_VERSION = '2026-11';
export const ACCEPT_TERMS_MESSAGE = 'Please accept the terms and the privacy policy';
const acceptTermsSchema = z.literal(true, ACCEPT_TERMS_MESSAGE);

// What both sign-ups end with: the password twice, the bot check, a referral and the terms.
const credentialFields = {
  password: passwordSchema,
  password_confirmation: z.string().max(200),
  altcha: altchaPayloadSchema,
  referral_code: referralCodeSchema,
  accept_terms: acceptTermsSchema,
};

export const privateSignUpSchema = z
  .strictObject({
    first_name: defaultTextField(70),
    last_name: defaultTextField(70),
    email: emailSchema,
    phone: phoneSchema,
    country: activeCountryCodeSchema,
    ...credentialFields,
  })
  .superRefine(passwordsMatch);

export const businessSignUpSchema = z
  .strictObject({
    company_name: defaultTextField(140),
    registration_number: latinNumField(30),
    country: activeCountryCodeSchema,
    contact_person: defaultTextField(140),
    email: emailSchema,
    phone: phoneSchema,
    ...credentialFields,
  })
  .superRefine(passwordsMatch);

export type PrivateSignUpInput = z.input<typeof privateSignUpSchema>;
export type PrivateSignUp = z.output<typeof privateSignUpSchema>;
export type BusinessSignUpInput = z.input<typeof businessSignUpSchema>;
export type BusinessSignUp = z.output<typeof businessSignUpSchema>;
