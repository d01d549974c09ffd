/** Where a deactivation refusal's text is looked up before the general ones (lib/api-error-message.ts). */
export const DEACTIVATION_TEXTS = ['settings:deactivation.problems', 'payments:problems'] as const;
