import { z } from 'zod';

// Query strings arrive as text. `z.coerce.number()` would take "0x10", " 12 ", "" and "1e3"
// (docs/reliability.md, bad input 5 and 17), so a positive integer parameter is plain digits only,
// and a repeated parameter (an array) fails the string check: HTTP parameter pollution is a 400.
export function positiveIntegerParam(options: { max: number; fallback: number }) {
  return z
    .string()
    .regex(/^[1-9][0-9]{0,8}$/, 'Must be a positive whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(options.max))
    .default(options.fallback);
}
