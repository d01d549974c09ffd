import { notifications } from '@mantine/notifications';

// docs/error-catalogue.md: messages show in a snackbar with a close button and hide after 10 s, in
// both apps; the back office names its close button in its own words (backoffice/lib/notify.ts).
export const SNACKBAR_TIMEOUT_MS = 10_000;

const closeButton = (closeLabel: string | undefined) =>
  closeLabel === undefined ? {} : { closeButtonProps: { 'aria-label': closeLabel } };

export function showError(message: string, closeLabel?: string) {
  notifications.show({
    color: 'red',
    title: undefined,
    message,
    autoClose: SNACKBAR_TIMEOUT_MS,
    withCloseButton: true,
    ...closeButton(closeLabel),
    role: 'alert',
    style: { whiteSpace: 'pre-line' },
  });
}

export function showInfo(message: string, closeLabel?: string) {
  notifications.show({
    color: 'brand',
    message,
    autoClose: SNACKBAR_TIMEOUT_MS,
    withCloseButton: true,
    ...closeButton(closeLabel),
  });
}
