import { Alert } from '@mantine/core';

/** A refusal that belongs to no single field, announced to screen readers; a 400's lines stay lines. */
export function FormMessage({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
      {message}
    </Alert>
  );
}
