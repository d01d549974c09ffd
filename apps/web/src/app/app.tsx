import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { cookieColorSchemeManager, useForcedColorScheme } from '../lib/color-scheme';
import { i18n } from '../lib/i18n';
import { cssVariablesResolver, theme } from '../lib/theme';
import { createQueryClient } from './query-client';
import { router } from './router';

const queryClient = createQueryClient();
const colorSchemeManager = cookieColorSchemeManager();

export function App() {
  const forcedColorScheme = useForcedColorScheme();
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="auto"
        forceColorScheme={forcedColorScheme}
      >
        <Notifications position="bottom-center" limit={5} />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
