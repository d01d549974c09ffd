import { addressSchema } from '@bluepeak/core/onboarding';
import { Button, Card, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AddressFields, type AddressValues, emptyAddress } from '../../components/address-fields';
import { FormMessage } from '../../components/form-message';
import { useClient } from '../../lib/client-session';
import { useFormMutation } from '../../lib/use-form-mutation';
import { useSchemaForm } from '../../lib/use-schema-form';
import { saveAddress } from './api';
import { OnboardingPage } from './onboarding-page';
import { changedField, useNextStep } from './use-onboarding';

// /dashboard/address (forced redirect 4: ON_APPROVAL private client without a legal address).
// Saving it completes the private application, which then goes for review.
export default function AddressPage() {
  const { t } = useTranslation('onboarding');
  const next = useNextStep();
  const client = useClient();
  // The client's own country to start with: most give an address where they live.
  const form = useSchemaForm<AddressValues, unknown>(addressSchema, {
    ...emptyAddress,
    country: client.country || emptyAddress.country,
  });
  const {
    mutation: save,
    submit,
    message,
  } = useFormMutation(form, {
    request: () => saveAddress({ type: 'LEGAL', ...form.values }),
    onSuccess: () => void next(),
  });
  return (
    <OnboardingPage title={t('address.title')} intro={t('address.intro')}>
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <AddressFields
              value={form.values}
              onChange={(after) => {
                const key = changedField(form.values, after);
                if (key) form.setValue(key, after[key]);
              }}
              errors={form.errors}
            />
            <FormMessage message={message} />
            <Button type="submit" loading={save.isPending} w="fit-content">
              {t('address.submit')}
            </Button>
          </Stack>
        </form>
      </Card>
    </OnboardingPage>
  );
}
