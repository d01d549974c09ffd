import { z } from 'zod';
import { altchaPayloadSchema } from '../auth/sign-up';

// The card waiting list form (public site, /card): the same schema validates the form and the API.
export const cardWaitlistRequestSchema = z.strictObject({
  email: z.email('Please enter a valid e-mail address').max(320).trim(),
  consent: z.literal(true, 'Please agree to be contacted about the card'),
  locale: z
    .string()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/)
    .default('en-GB'),
  altcha: altchaPayloadSchema,
});

export type CardWaitlistRequest = z.infer<typeof cardWaitlistRequestSchema>;
