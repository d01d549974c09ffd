import { z } from 'zod';

// What the reference-data routes answer (apps/api/src/modules/meta/meta-routes.ts). The lists
// themselves live in this folder; an item carries a code and a name, and may carry more.
const listItemSchema = z.object({ code: z.string(), name: z.string() }).loose();

export const metaResponseSchema = z.object({ data: z.record(z.string(), z.unknown()) });

export const documentTypesResponseSchema = z.object({
  data: z.object({ document_types: z.array(listItemSchema) }),
});

export const activeCountriesResponseSchema = z.object({ data: z.array(listItemSchema) });
