import { BATCH_MAX_ROWS } from '@bluepeak/core/payments';
import { AppError } from '../../lib/app-error';

// The refusals of a whole file or batch: a 4xx that leaves nothing behind.
export const fileRefused = (message: string) =>
  new AppError('batch_file_invalid', message, { detail: message });

const TOO_MANY = `A batch holds at most ${BATCH_MAX_ROWS.toLocaleString('en')} rows`;
export const tooManyRows = () => new AppError('batch_too_many_rows', TOO_MANY, { detail: TOO_MANY });
