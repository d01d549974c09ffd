import { type UpdateRequire, updateInfoSchema } from '@bluepeak/core/onboarding';
import { Alert, Anchor, Button, Card, Checkbox, List, Loader, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AddressFields, type AddressValues, emptyAddress } from '../../components/address-fields';
import { FormMessage } from '../../components/form-message';
import { useClient } from '../../lib/client-session';
import { type FieldErrors, issuesToFieldErrors } from '../../lib/form-errors';
import { updateRequireQuery } from '../../lib/queries/update-require';
import { useFormMutation } from '../../lib/use-form-mutation';
import { confirmUpdateInfo } from './api';
import { OnboardingPage } from './onboarding-page';
import { useNextStep } from './use-onboarding';

// /dashboard/update-info (forced redirect 6, once per session): an operator asked the client
// to bring some data up to date; a business client changes it on the settings page each item
// links to, then confirms here; an operator accepts it (docs/requirements/settings.md).
const SETTINGS_PAGES: Record<keyof UpdateRequire, string> = {
  activity_require: 'activity-types',
  address_require: 'addresses',
  client_info_require: 'client-info',
  partners_require: 'partners/incoming',
};
export default function UpdateInfoPage() {
  const { t } = useTranslation('onboarding');
  const client = useClient();
  const next = useNextStep();
  // This step shows a failed load itself, unlike the dashboard's silent check.
  const flags = useQuery({ ...updateRequireQuery, meta: undefined });
  const [address, setAddress] = useState<AddressValues>(emptyAddress);
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const asked = flags.data
    ? (Object.keys(flags.data) as (keyof UpdateRequire)[]).filter((key) => flags.data[key])
    : [];
  const needsAddress = flags.data?.address_require ?? false;

  const form = {
    validate: () => {
      const body = {
        confirm_current: confirmed,
        ...(needsAddress ? { address: { type: 'LEGAL', ...address } } : {}),
      };
      const parsed = updateInfoSchema.safeParse(body);
      setErrors(parsed.success ? {} : issuesToFieldErrors(parsed.error.issues));
      return parsed.success ? body : undefined;
    },
    setServerErrors: setErrors,
  };
  const {
    mutation: save,
    submit,
    message,
  } = useFormMutation(form, { request: confirmUpdateInfo, onSuccess: () => void next() });

  if (!client.client_data_update_required) {
    return (
      <OnboardingPage title={t('update.title')}>
        <Alert color="green">{t('update.nothing')}</Alert>
        <Button w="fit-content" onClick={() => void next()}>
          {t('update.continue')}
        </Button>
      </OnboardingPage>
    );
  }
  return (
    <OnboardingPage title={t('update.title')} intro={t('update.intro')}>
      {flags.isPending && <Loader aria-label={t('update.loading')} />}
      {asked.length > 0 && (
        <List>
          {asked.map((flag) => (
            <List.Item key={flag}>
              {client.type === 'CORPORATE' ? (
                <Anchor component={Link} to={`/dashboard/settings/${SETTINGS_PAGES[flag]}`}>
                  {t(`update.flags.${flag}`)}
                </Anchor>
              ) : (
                t(`update.flags.${flag}`)
              )}
            </List.Item>
          ))}
        </List>
      )}
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {needsAddress && (
              <>
                <Title order={2} fz="lg">
                  {t('update.new_address')}
                </Title>
                <AddressFields value={address} onChange={setAddress} errors={errors} prefix="address." />
              </>
            )}
            <Checkbox
              label={t('update.confirm')}
              checked={confirmed}
              onChange={(event) => setConfirmed(event.currentTarget.checked)}
              error={errors.confirm_current && t('update.confirm_required')}
            />
            <FormMessage message={message} />
            <Button type="submit" loading={save.isPending} w="fit-content">
              {t('update.submit')}
            </Button>
          </Stack>
        </form>
      </Card>
    </OnboardingPage>
  );
}
