import { z } from 'zod';
import { addressSchema } from './address';
import { updateRequireFlags } from './client-status';

// /dashboard/update-info: the client confirms that the data the operator asked about is
// current, giving a new address when the address was asked for.
export const updateInfoSchema = z.strictObject({
  address: addressSchema.optional(),
  confirm_current: z.literal(true, 'Please confirm that your details are up to date'),
});

/** An operator asks a client to bring some of their data up to date (back office). */
export const requestDataUpdateSchema = z
  .strictObject({
    flags: z.array(z.enum(updateRequireFlags)).min(1).max(updateRequireFlags.length),
    reason: z.string().trim().min(3).max(1000),
  })
  .refine((value) => new Set(value.flags).size === value.flags.length, 'Each flag once');
