import { brand } from '@bluepeak/core';
import { PHONE_EXAMPLE, phoneCorrectionSchema } from '@bluepeak/core/auth';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../components/form-message';
import { clientQueryKeys } from '../../lib/client-session';
import { useFormMutation } from '../../lib/use-form-mutation';
import { useSchemaForm } from '../../lib/use-schema-form';
import { correctPhone } from './api';

// A number given wrong at sign-up is no dead end: the client corrects it here (a code then goes
// to the new number), and whoever can receive no code at all has support's number and address.
export function PhoneCorrection({ onCorrected }: { onCorrected: () => void }) {
  const { t } = useTranslation('onboarding');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const form = useSchemaForm(phoneCorrectionSchema, { phone: '' });
  const { mutation, submit, message } = useFormMutation(form, {
    request: (body) => correctPhone(body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: clientQueryKeys.all });
      form.reset();
      setOpen(false);
      setDone(true);
      onCorrected();
    },
  });
  return (
    <Stack gap="xs">
      {done && <Alert color="green">{t('phone.corrected')}</Alert>}
      <Button
        variant="subtle"
        w="fit-content"
        px={0}
        onClick={() => setOpen((was) => !was)}
        aria-expanded={open}
      >
        {t('phone.wrong_number')}
      </Button>
      {open && (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('phone.new_number')}
              description={t('phone.new_number_hint')}
              placeholder={PHONE_EXAMPLE}
              type="tel"
              autoComplete="tel"
              required
              {...form.text('phone')}
            />
            <FormMessage message={message} />
            <Button type="submit" loading={mutation.isPending} w="fit-content">
              {t('phone.correct')}
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" c="dimmed">
        {t('phone.no_code')}{' '}
        <Anchor href={`tel:${brand.support_phone.replace(/\s/g, '')}`}>{brand.support_phone}</Anchor>{' '}
        {t('phone.or_write')} <Anchor href={`mailto:${brand.support_email}`}>{brand.support_email}</Anchor>.
      </Text>
    </Stack>
  );
}
