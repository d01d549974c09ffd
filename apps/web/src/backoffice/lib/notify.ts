import * as snackbar from '../../components/snackbar';
import { backofficeI18n } from './i18n';

// The snackbar of docs/error-catalogue.md (components/snackbar.ts), its close button labelled in
// the back office's own words.
export const showError = (message: string) => snackbar.showError(message, backofficeI18n.t('close'));

export const showInfo = (message: string) => snackbar.showInfo(message, backofficeI18n.t('close'));
