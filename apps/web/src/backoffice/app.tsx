import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { FormWordsProvider } from '../lib/form-words';
import { prefetchMeta } from '../lib/queries/meta';
import { cssVariablesResolver, useLocalisedTheme } from '../lib/theme';
import { backofficeI18n, operatorFormWords } from './lib/i18n';
import { createBackofficeQueryClient } from './lib/query-client';
import { backofficeRouter } from './router';

const queryClient = createBackofficeQueryClient();
// The reference lists (countries) the operator's forms offer: the server's, fetched once.
prefetchMeta(queryClient);

export function BackofficeApp() {
  const theme = useLocalisedTheme(backofficeI18n, 'backoffice:close');
  return (
    <I18nextProvider i18n={backofficeI18n} defaultNS="backoffice">
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <Notifications position="bottom-center" limit={5} />
        <QueryClientProvider client={queryClient}>
          <FormWordsProvider value={operatorFormWords}>
            <RouterProvider router={backofficeRouter} />
          </FormWordsProvider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
