import { z } from 'zod';
import { currencyByCode } from '../reference/currencies';

/** An ISO 4217 code in upper case that the reference data knows. */
export const currencyCodeSchemaForReports = z
  .string()
  .regex(/^[A-Z]{3}$/, 'An ISO 4217 code in capitals')
  .refine((code) => currencyByCode(code) !== undefined, 'Unknown currency');
