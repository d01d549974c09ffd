export { saveConfirmedPayee } from './manage-recipients';
export { clientRecipientRoutes } from './recipient-routes';
export { findActiveRecipient, type RecipientRow } from './recipient-rows';
