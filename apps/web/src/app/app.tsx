import { MantineProvider } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { cookieColorSchemeManager, useForcedColorScheme } from '../lib/color-scheme';
import { clientFormWords } from '../lib/form-errors';
import { FormWordsProvider } from '../lib/form-words';
import { i18n } from '../lib/i18n';
import { cssVariablesResolver, useLocalisedTheme } from '../lib/theme';
import { router } from './router';

// The snackbar's container (portal, transitions, scroll-bar handling) is its own chunk,
// fetched when the first message is shown: until then messages wait in the notifications
// store, and most visits to the public site never show one.
const Notifications = lazy(() => import('./notifications-container'));

const storeHasMessages = () => {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length + queue.length > 0;
};

function DeferredNotifications() {
  const hasMessages = useSyncExternalStore(notificationsStore.subscribe, storeHasMessages, () => false);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (hasMessages) setMounted(true);
  }, [hasMessages]);
  if (!mounted && !hasMessages) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="bottom-center" limit={5} />
    </Suspense>
  );
}

const colorSchemeManager = cookieColorSchemeManager();

export function App() {
  const forcedColorScheme = useForcedColorScheme();
  const theme = useLocalisedTheme(i18n, 'common:close_dialog');
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="auto"
        forceColorScheme={forcedColorScheme}
      >
        <DeferredNotifications />
        <FormWordsProvider value={clientFormWords}>
          <RouterProvider router={router} />
        </FormWordsProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
