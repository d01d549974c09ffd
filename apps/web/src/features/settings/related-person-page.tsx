import { documentTypes, identificationDocumentTypes } from '@bluepeak/core/reference';
import type { RelatedPersonAnswer } from '@bluepeak/core/settings';
import { settingsBodies } from '@bluepeak/core/settings';
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { AddressFields, emptyAddress } from '../../components/address-fields';
import { DocumentUploadCard } from '../../components/document-upload-card';
import { SaveBar } from '../../components/save-bar';
import { saveSettings } from '../../lib/queries/settings';
import { useSettingsForm } from '../../lib/use-settings-form';
import { DocumentList } from './document-list';
import { PersonDetailsForm, WealthForm, WealthSummary } from './person-forms';
import { uploadPersonDocuments } from './settings-api';
import { SettingsFrame } from './settings-frame';

// /dashboard/settings/related-persons/new, /{id} and its address, wealth, document and
// identification-document pages, and /{id}/{editid}/edit-wealth (docs/requirements/settings.md).
// A person declares one source of wealth: the wealth page shows it with the way to edit it, and
// the edit page (its `editid` names the declaration, which is the person's own) changes it.
const PARTS = ['address', 'wealth', 'document', 'identification-document'] as const;
type Part = (typeof PARTS)[number] | 'edit-wealth';

export default function RelatedPersonPage() {
  const { t } = useTranslation('settings');
  const { id } = useParams();
  const last = useLocation().pathname.split('/').pop() as Part;
  const part = last === 'edit-wealth' || PARTS.includes(last as (typeof PARTS)[number]) ? last : undefined;
  if (!id) {
    return (
      <SettingsFrame title={t('company.persons.new_title')}>
        {() => (
          <Card withBorder padding="lg">
            <PersonDetailsForm />
          </Card>
        )}
      </SettingsFrame>
    );
  }
  return (
    <SettingsFrame title={t(part ? `company.persons.parts.${part}` : 'company.persons.person_title')}>
      {(settings) => {
        const person = settings.related_persons.find((row) => row.id === id);
        if (!person) return <Text>{t('company.persons.not_found')}</Text>;
        return <PersonPart person={person} part={part} />;
      }}
    </SettingsFrame>
  );
}

function PersonPart({ person, part }: { person: RelatedPersonAnswer; part: Part | undefined }) {
  const { t } = useTranslation('settings');
  const upload = (body: unknown) => uploadPersonDocuments(person.id, body);
  switch (part) {
    case 'address':
      return <PersonAddressForm person={person} />;
    case 'wealth':
      return person.wealth ? (
        <WealthSummary person={person} />
      ) : (
        <Card withBorder padding="lg">
          <WealthForm person={person} />
        </Card>
      );
    case 'edit-wealth':
      return (
        <Card withBorder padding="lg">
          <WealthForm person={person} />
        </Card>
      );
    case 'document':
      return (
        <DocumentUploadCard
          title={t('company.persons.parts.document')}
          types={documentTypes}
          request={upload}
        />
      );
    case 'identification-document':
      return (
        <DocumentUploadCard
          title={t('company.persons.parts.identification-document')}
          types={identificationDocumentTypes}
          request={upload}
        />
      );
    default:
      return (
        <Stack gap="lg">
          <Title order={2} fz="lg">
            {person.first_name} {person.last_name}
          </Title>
          <Group gap="md">
            {PARTS.map((name) => (
              <Anchor
                key={name}
                component={Link}
                to={`/dashboard/settings/related-persons/${person.id}/${name}`}
              >
                {t(`company.persons.parts.${name}`)}
              </Anchor>
            ))}
          </Group>
          <DocumentList documents={person.documents} />
          <Card withBorder padding="lg">
            <PersonDetailsForm person={person} />
          </Card>
        </Stack>
      );
  }
}

function PersonAddressForm({ person }: { person: RelatedPersonAnswer }) {
  const [value, setValue] = useState(person.address ?? emptyAddress);
  const { mutation, submit, message, errors } = useSettingsForm(
    settingsBodies.address,
    () => ({
      type: 'RESIDENTIAL',
      country: value.country,
      city: value.city,
      address: value.address,
      postcode: value.postcode,
    }),
    (body) => saveSettings(`related_persons/${person.id}/address`, body),
  );
  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <AddressFields value={value} onChange={setValue} errors={errors} />
          <SaveBar message={message} saved={mutation.isSuccess} pending={mutation.isPending} />
        </Stack>
      </form>
    </Card>
  );
}
