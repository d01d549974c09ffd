import { notifications } from '@mantine/notifications';

// docs/error-catalogue.md: messages show in a snackbar with a close button and hide after 10 s.
export const SNACKBAR_TIMEOUT_MS = 10_000;

export function showError(message: string) {
  notifications.show({
    color: 'red',
    title: undefined,
    message,
    autoClose: SNACKBAR_TIMEOUT_MS,
    withCloseButton: true,
    role: 'alert',
    style: { whiteSpace: 'pre-line' },
  });
}

export function showInfo(message: string) {
  notifications.show({ color: 'brand', message, autoClose: SNACKBAR_TIMEOUT_MS, withCloseButton: true });
}
