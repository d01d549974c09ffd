import { secondFactorChangeSchema } from '@bluepeak/core/auth';
import { Alert, Anchor, Button, Card, Divider, Radio, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormMessage } from '../../components/form-message';
import { clientQueryKeys, useClient } from '../../lib/client-session';
import { useFormMutation } from '../../lib/use-form-mutation';
import { useSchemaForm } from '../../lib/use-schema-form';
import { changeSecondFactor } from './api';
import { AuthenticatorSetup } from './authenticator-setup';
import { OnboardingPage } from './onboarding-page';
import { RecoveryCodesSection } from './recovery-codes-section';
import { StepUpFields } from './step-up-fields';

// /dashboard/settings/security, the verification menu's "Security": how log-in codes reach the
// client (e-mail or SMS to the verified phone, or an authenticator app and its recovery codes; a
// change, or leaving the app, needs step-up). The e-mail and phone themselves are on the Contacts page.
export default function SecurityPage() {
  const { t } = useTranslation('onboarding');
  return (
    <OnboardingPage title={t('security.title')} intro={t('security.intro')}>
      <CodeChannelCard />
      <Anchor component={Link} to="/dashboard/settings/contacts" size="sm">
        {t('security.contacts_link')}
      </Anchor>
    </OnboardingPage>
  );
}

function CodeChannelCard() {
  const { t } = useTranslation('onboarding');
  const client = useClient();
  const queryClient = useQueryClient();
  const usesApp = client.second_factor === 'totp';
  const form = useSchemaForm(secondFactorChangeSchema, {
    factor: usesApp ? 'email' : client.second_factor,
    current_password: '',
    step_up_challenge_id: '',
    step_up_code: '',
  });
  const {
    mutation: change,
    submit,
    message,
  } = useFormMutation(form, {
    request: changeSecondFactor,
    onSuccess: () => {
      form.setValue('current_password', '');
      form.setValue('step_up_code', '');
      void queryClient.invalidateQueries({ queryKey: clientQueryKeys.data });
    },
  });
  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('contacts.codes_title')}
          </Title>
          <Text size="sm">{t(`contacts.codes_now.${client.second_factor}`)}</Text>

          <Radio.Group
            label={t(usesApp ? 'contacts.codes_choose_back' : 'contacts.codes_choose')}
            value={form.values.factor}
            onChange={(value) => form.setValue('factor', value as 'email' | 'sms')}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="email" label={t('contacts.by_email')} />
              <Radio
                value="sms"
                label={t('contacts.by_sms')}
                disabled={!client.phone_verified}
                description={client.phone_verified ? undefined : t('contacts.sms_needs_phone')}
              />
            </Stack>
          </Radio.Group>
          <StepUpFields
            key={client.second_factor}
            action="second_factor"
            form={form}
            passwordLabel={t('contacts.password')}
          />
          {change.isSuccess && <Alert color="green">{t('contacts.codes_saved')}</Alert>}
          <FormMessage message={message} />
          <Button type="submit" loading={change.isPending} w="fit-content">
            {t('contacts.codes_save')}
          </Button>
        </Stack>
      </form>
      <Divider my="lg" />
      <AuthenticatorSetup />
      {usesApp && (
        <>
          <Divider my="lg" />
          <RecoveryCodesSection />
        </>
      )}
    </Card>
  );
}
