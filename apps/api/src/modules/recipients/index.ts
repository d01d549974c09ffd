// A client's saved payees per payment type, added or changed only after strong customer
// authentication.

export { saveConfirmedPayee } from './manage-recipients';
export { clientRecipientRoutes } from './recipient-routes';
export { findActiveRecipient, type RecipientRow } from './recipient-rows';
