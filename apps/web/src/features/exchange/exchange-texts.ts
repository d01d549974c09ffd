/** Where an exchange refusal's text is looked up before the general ones (lib/api-error-message.ts). */
export const EXCHANGE_TEXTS = ['dashboard:exchange.problems'] as const;
