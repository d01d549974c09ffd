import { Alert } from '@mantine/core';

/** A form's refusal that belongs to no single field, announced to screen readers. */
export function FormMessage({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  );
}
