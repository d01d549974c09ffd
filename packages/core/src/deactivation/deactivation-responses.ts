import { z } from 'zod';
import { clientDeactivationViewSchema } from './deactivation-schemas';

// What the client's deactivation routes answer (apps/api/src/routes/client-deactivation.ts).
export const clientDeactivationResponseSchema = z.object({ data: clientDeactivationViewSchema });

export type ClientDeactivationResponse = z.infer<typeof clientDeactivationResponseSchema>;
