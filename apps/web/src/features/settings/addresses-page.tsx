import { addressTypes, addressTypesFor } from '@bluepeak/core/reference';
import type { SettingsAnswer } from '@bluepeak/core/settings';
import { settingsBodies } from '@bluepeak/core/settings';
import { Card, Select, Stack, Table } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressFields, emptyAddress } from '../../components/address-fields';
import { SaveBar } from '../../components/save-bar';
import { useClient } from '../../lib/client-session';
import { saveSettings } from '../../lib/queries/settings';
import { useSettingsForm } from '../../lib/use-settings-form';
import { SettingsFrame } from './settings-frame';

// /dashboard/settings/addresses (docs/requirements/settings.md): one address per type of the
// metadata's address_types (legal, business, correspondence…); saving a type replaces it.
export default function AddressesPage() {
  const { t } = useTranslation('settings');
  return (
    <SettingsFrame title={t('company.addresses.title')}>
      {(settings) => (
        <>
          <AddressTable addresses={settings.addresses} />
          <AddressForm addresses={settings.addresses} />
        </>
      )}
    </SettingsFrame>
  );
}

const typeName = (code: string) => addressTypes.find((type) => type.code === code)?.name ?? code;

function AddressTable({ addresses }: { addresses: SettingsAnswer['addresses'] }) {
  const { t } = useTranslation('settings');
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table aria-label={t('company.addresses.title')}>
        <Table.Tbody>
          {addresses.map((address) => (
            <Table.Tr key={address.type}>
              <Table.Th>{typeName(address.type)}</Table.Th>
              <Table.Td>
                {address.address}, {address.postcode} {address.city}, {address.country}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AddressForm({ addresses }: { addresses: SettingsAnswer['addresses'] }) {
  const { t } = useTranslation('settings');
  const client = useClient();
  // A person is offered a person's address types, a company a company's; a new address starts
  // in the client's own country.
  const types = addressTypesFor(client.type);
  const blank = { ...emptyAddress, country: client.country || emptyAddress.country };
  const [type, setType] = useState<string>(
    addresses.some((address) => address.type === 'LEGAL') ? (types[1]?.code ?? 'LEGAL') : 'LEGAL',
  );
  const [value, setValue] = useState(blank);
  const pick = (next: string | null) => {
    const code = next ?? 'LEGAL';
    setType(code);
    const known = addresses.find((address) => address.type === code);
    setValue(
      known
        ? { country: known.country, city: known.city, address: known.address, postcode: known.postcode }
        : blank,
    );
  };
  const { mutation, submit, message, errors } = useSettingsForm(
    settingsBodies.address,
    () => ({ type, ...value }),
    (body) => saveSettings('addresses', body),
  );
  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Select
            label={t('company.addresses.type')}
            data={types.map((item) => ({ value: item.code, label: item.name }))}
            value={type}
            onChange={pick}
            allowDeselect={false}
          />
          <AddressFields value={value} onChange={setValue} errors={errors} />
          <SaveBar message={message} saved={mutation.isSuccess} pending={mutation.isPending} />
        </Stack>
      </form>
    </Card>
  );
}
