import { notifications } from '@mantine/notifications';
import { SNACKBAR_TIMEOUT_MS } from '../../components/snackbar';
import { backofficeI18n } from './i18n';

// The snackbar of docs/error-catalogue.md for the back office: the same 10 s and close button, with a
// label on the close button from the back office's own text.
const closeButtonProps = () => ({ 'aria-label': backofficeI18n.t('close') });

export function showError(message: string) {
  notifications.show({
    color: 'red',
    message,
    autoClose: SNACKBAR_TIMEOUT_MS,
    withCloseButton: true,
    closeButtonProps: closeButtonProps(),
    role: 'alert',
    style: { whiteSpace: 'pre-line' },
  });
}

export function showInfo(message: string) {
  notifications.show({
    color: 'brand',
    message,
    autoClose: SNACKBAR_TIMEOUT_MS,
    withCloseButton: true,
    closeButtonProps: closeButtonProps(),
  });
}
