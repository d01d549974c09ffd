import { z } from 'zod';
import { recipientSchema } from './recipient-schemas';

// What the client's recipient routes answer (apps/api/src/modules/recipients/recipient-routes.ts).
export const recipientResponseSchema = z.object({ data: recipientSchema });

export const recipientListResponseSchema = z.object({ data: z.array(recipientSchema) });

export type RecipientResponse = z.infer<typeof recipientResponseSchema>;
export type RecipientListResponse = z.infer<typeof recipientListResponseSchema>;
