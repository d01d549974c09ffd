// The snackbar's container, as its own module so that app.tsx can load it lazily: the
// notifications store (components/snackbar.ts) stays in the main bundle, the container's
// portal, transitions and styles do not.
export { Notifications as default } from '@mantine/notifications';
