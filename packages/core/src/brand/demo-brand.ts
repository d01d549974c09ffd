import { demoBrand } from './brand-data';
import { brandSchema } from './brand-schema';

/** Parsed once at import, so a broken brand file fails every process at start, loudly. */
export const brand = brandSchema.parse(demoBrand);
