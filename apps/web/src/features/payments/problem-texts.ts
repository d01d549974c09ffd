/** Where a payments refusal's text is looked up before the general ones (lib/api-error-message.ts). */
export const PAYMENT_TEXTS = ['payments:problems'] as const;
