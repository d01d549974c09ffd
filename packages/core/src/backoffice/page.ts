import { z } from 'zod';
import { pageMetaSchema } from '../notifications/notification-schemas';

/** One page of a back-office list: its items and where the page stands in the whole. */
export const backofficePageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({ data: z.array(item), meta: pageMetaSchema });
export type BackofficePage<Item> = { data: Item[]; meta: z.infer<typeof pageMetaSchema> };
