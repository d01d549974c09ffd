// PostgreSQL BIGINT arrives as text. We read it as a number only when it is exact, and fail
// loudly otherwise: a silently rounded balance is worse than an error
// (docs/decisions/0002-money-representation.md).
export const INT8_OID = 20;

export class Int8RangeError extends RangeError {
  constructor(text: string) {
    super(`BIGINT value ${text} is outside the safe integer range`);
    this.name = 'Int8RangeError';
  }
}

export function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || !/^-?\d+$/.test(text)) throw new Int8RangeError(text);
  return value;
}
