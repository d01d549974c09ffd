import { Alert, Button, Card, MultiSelect, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressFields, emptyAddress } from '../../components/address-fields';
import { type PartnerRow, PartnerRows, type PersonRow, PersonRows } from '../../components/company-rows';
import { FormMessage } from '../../components/form-message';
import type { FieldErrors } from '../../lib/form-errors';
import { useMeta } from '../../lib/queries/meta';
import { useFormMutation } from '../../lib/use-form-mutation';
import { saveCompanyProfile } from './api';
import { checkCompanyProfile } from './company-profile-body';
import { useCompanyStepSaved } from './use-onboarding';

/** The company's profile: legal address, activities, client info, partners and structure. */
export function ProfileForm() {
  const { t } = useTranslation('onboarding');
  const { activity_types: activityTypes, client_person_types: clientPersonTypes } = useMeta();
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

  const form = {
    validate: () => {
      const checked = checkCompanyProfile(
        { address, activities, description, website, turnover, incoming, outgoing, people },
        t('company.turnover_invalid'),
      );
      setErrors(checked.errors);
      return Object.keys(checked.errors).length === 0 ? checked.body : undefined;
    },
    setServerErrors: setErrors,
  };
  const {
    mutation: save,
    submit,
    message,
  } = useFormMutation(form, { request: saveCompanyProfile, onSuccess: (answer) => void saved(answer) });

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
          <FormMessage message={message} />
          {save.isSuccess && <Alert color="green">{t('company.saved')}</Alert>}
          <Button type="submit" loading={save.isPending} w="fit-content">
            {t('company.save')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
