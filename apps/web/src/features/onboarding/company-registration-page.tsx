import { Alert, Button, Card, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { applicationState, COMPANY_STEPS } from '../../lib/application-progress';
import { useClient } from '../../lib/client-session';
import { CompanyDocumentsCard } from './company-documents-card';
import { ProfileForm } from './company-profile-form';
import { OnboardingPage } from './onboarding-page';
import { useNextStep } from './use-onboarding';

// /dashboard/verification: a business client's registration steps (docs/requirements/onboarding.md): legal
// address, activities, client info, incoming and outgoing partners, company structure and
// documents. The application goes for review once all seven are in (the API decides).
export default function CompanyRegistrationPage() {
  const { t } = useTranslation('onboarding');
  const client = useClient();
  const next = useNextStep();
  if (client.type !== 'CORPORATE') {
    return (
      <OnboardingPage title={t('company.title')}>
        <Alert color="blue">{t('company.private_client')}</Alert>
      </OnboardingPage>
    );
  }
  const state = applicationState(client);
  const submitted = client.application_submitted || (client.status !== 'NEW' && client.status !== 'VERIFIED');
  const profileDone = COMPANY_STEPS.filter((step) => step !== 'has_document').every((step) => client[step]);
  return (
    <OnboardingPage title={t('company.title')} intro={t('company.intro')}>
      <Card withBorder padding="lg">
        <List spacing={4} aria-label={t('company.progress')}>
          {COMPANY_STEPS.map((step) => (
            <List.Item
              key={step}
              icon={
                <ThemeIcon size={20} radius="xl" color={client[step] ? 'green' : 'gray'} aria-hidden>
                  {client[step] ? '✓' : '·'}
                </ThemeIcon>
              }
            >
              {t(`company.steps.${step}`)}: {client[step] ? t('company.done') : t('company.missing')}
            </List.Item>
          ))}
        </List>
      </Card>
      {submitted ? (
        <>
          {/* Said as it is for this client now: approved, in review or not approved. */}
          <Alert color={client.status === 'REJECTED' ? 'red' : 'green'} data-testid="company-state">
            {t(`company.state.${client.status}` as 'company.state.APPROVED')}
          </Alert>
          <Button w="fit-content" onClick={() => void next()}>
            {t('company.continue')}
          </Button>
        </>
      ) : (
        <>
          {/* The profile is sent in one go; once it is in, the form does not come back empty. */}
          {profileDone ? <Alert color="green">{t('company.profile_saved')}</Alert> : <ProfileForm />}
          {!client.has_document && <CompanyDocumentsCard />}
          {/* Registered, but not sent for review until the identity check is approved: said, with the way there. */}
          {(state === 'identification' || state === 'identification_checking') && (
            <Alert color="blue" data-testid="company-state">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t(`company.${state}`)}</Text>
                {state === 'identification' && (
                  <Button component={Link} to="/dashboard/identification" size="xs">
                    {t('company.identification_link')}
                  </Button>
                )}
              </Stack>
            </Alert>
          )}
        </>
      )}
    </OnboardingPage>
  );
}
