import { Alert, Button } from '@mantine/core';

/** Data a page could not load, said in place (not a snackbar), with a way to try again. */
export function LoadFailedAlert({
  title,
  retryLabel,
  onRetry,
  testId,
}: {
  title: string;
  retryLabel: string;
  onRetry: () => void;
  testId?: string;
}) {
  return (
    <Alert color="red" title={title} data-testid={testId}>
      <Button variant="default" size="xs" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Alert>
  );
}
