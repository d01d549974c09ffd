import { parseMoneyInput } from '@bluepeak/core/money';
import { type ClientRecord, companyProfileSchema } from '@bluepeak/core/onboarding';
import { activityTypes, clientPersonTypes } from '@bluepeak/core/reference';
import {
  Alert,
  Button,
  Card,
  List,
  MultiSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../lib/api-client';
import { useClient } from '../../lib/client-session';
import { type FieldErrors, issuesToFieldErrors, serverFormErrors } from '../../lib/form-errors';
import { AddressFields, emptyAddress } from './address-fields';
import { CompanyDocumentsCard } from './company-documents-card';
import { type PartnerRow, PartnerRows, type PersonRow, PersonRows } from './company-rows';
import { OnboardingPage } from './onboarding-page';
import { useCompanyStepSaved, useNextStep } from './use-onboarding';

// /dashboard/verification: a business client's registration steps (docs/requirements/onboarding.md): legal
// address, activities, client info, incoming and outgoing partners, company structure and
// documents. The application goes for review once all seven are in (the API decides).
const STEPS = [
  'has_legal_address',
  'has_activity_type',
  'has_client_info',
  'has_incoming_partner',
  'has_outgoing_partner',
  'has_company_structure',
  'has_document',
] as const satisfies readonly (keyof ClientRecord)[];

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
  const submitted = client.status !== 'NEW' && client.status !== 'VERIFIED';
  return (
    <OnboardingPage title={t('company.title')} intro={t('company.intro')}>
      <Card withBorder padding="lg">
        <List spacing={4} aria-label={t('company.progress')}>
          {STEPS.map((step) => (
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
          <Alert color="green">{t('company.submitted')}</Alert>
          <Button w="fit-content" onClick={() => void next()}>
            {t('company.continue')}
          </Button>
        </>
      ) : (
        <>
          <ProfileForm />
          <CompanyDocumentsCard />
        </>
      )}
    </OnboardingPage>
  );
}

function ProfileForm() {
  const { t } = useTranslation('onboarding');
  const saved = useCompanyStepSaved();
  const [address, setAddress] = useState(emptyAddress);
  const [activities, setActivities] = useState<string[]>([]);
  const [description, setDescription] = useState('');
  const [website, setWebsite] = useState('');
  const [turnover, setTurnover] = useState('');
  const [incoming, setIncoming] = useState<PartnerRow[]>([{ name: '', country: '' }]);
  const [outgoing, setOutgoing] = useState<PartnerRow[]>([{ name: '', country: '' }]);
  const [people, setPeople] = useState<PersonRow[]>([
    { type: 'DIRECTOR', first_name: '', last_name: '', ownership_percent: '' },
  ]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string>();
  const save = useMutation({
    mutationFn: (body: unknown) =>
      apiRequest<{ data: { status: string } }>('/client/company_profile', { method: 'POST', body }),
    meta: { silent: true },
    onSuccess: (answer) => void saved(answer),
    onError: (error) => {
      const { fields, message: text } = serverFormErrors(error);
      setErrors(fields);
      setMessage(text);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(undefined);
    const amount = parseMoneyInput(turnover.trim(), 2);
    const body = {
      legal_address: { type: 'LEGAL', ...address },
      activity_types: activities,
      client_info: {
        business_description: description,
        ...(website.trim() ? { website: website.trim() } : {}),
        expected_monthly_turnover: { amount: amount.ok ? amount.amount : -1, currency: 'EUR' },
      },
      incoming_partners: incoming,
      outgoing_partners: outgoing,
      company_structure: people.map(({ ownership_percent, ...person }) =>
        ownership_percent.trim() === ''
          ? person
          : { ...person, ownership_percent: Number.parseInt(ownership_percent, 10) },
      ),
    };
    const parsed = companyProfileSchema.safeParse(body);
    const found = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
    if (!amount.ok) found['client_info.expected_monthly_turnover'] = t('company.turnover_invalid');
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(body);
  };

  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Title order={2} fz="lg">
            {t('company.steps.has_legal_address')}
          </Title>
          <AddressFields value={address} onChange={setAddress} errors={errors} prefix="legal_address." />
          <Title order={2} fz="lg">
            {t('company.about')}
          </Title>
          <MultiSelect
            label={t('company.activities')}
            data={activityTypes.map((type) => ({ value: type.code, label: type.name }))}
            value={activities}
            onChange={setActivities}
            error={errors.activity_types}
            searchable
            required
          />
          <Textarea
            label={t('company.description')}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            error={errors['client_info.business_description']}
            autosize
            minRows={3}
            required
          />
          <TextInput
            label={t('company.website')}
            value={website}
            onChange={(event) => setWebsite(event.currentTarget.value)}
            error={errors['client_info.website']}
            type="url"
            placeholder="https://"
          />
          <TextInput
            label={t('company.turnover')}
            description={t('company.turnover_hint')}
            value={turnover}
            onChange={(event) => setTurnover(event.currentTarget.value)}
            error={errors['client_info.expected_monthly_turnover']}
            inputMode="decimal"
            rightSection={<Text size="sm">EUR</Text>}
            rightSectionWidth={48}
            required
          />
          <PartnerRows
            title={t('company.steps.has_incoming_partner')}
            rows={incoming}
            onChange={setIncoming}
            errors={errors}
            prefix="incoming_partners"
          />
          <PartnerRows
            title={t('company.steps.has_outgoing_partner')}
            rows={outgoing}
            onChange={setOutgoing}
            errors={errors}
            prefix="outgoing_partners"
          />
          <PersonRows
            title={t('company.steps.has_company_structure')}
            rows={people}
            onChange={setPeople}
            errors={errors}
            types={clientPersonTypes.map((type) => ({ value: type.code, label: type.name }))}
          />
          {message && (
            <Alert color="red" role="alert">
              {message}
            </Alert>
          )}
          {save.isSuccess && <Alert color="green">{t('company.saved')}</Alert>}
          <Button type="submit" loading={save.isPending} w="fit-content">
            {t('company.save')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
