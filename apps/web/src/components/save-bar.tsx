import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormMessage } from './form-message';

/** The end of every settings form: the refusal, the confirmation, the button. */
export function SaveBar({ message, saved, pending }: { message?: string; saved: boolean; pending: boolean }) {
  const { t } = useTranslation('settings');
  return (
    <Stack gap="sm">
      <FormMessage message={message} />
      {saved && <Alert color="green">{t('company.saved')}</Alert>}
      <Button type="submit" loading={pending} w="fit-content">
        {t('company.save')}
      </Button>
    </Stack>
  );
}
