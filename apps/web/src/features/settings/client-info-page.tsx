import { parseMoneyInput } from '@bluepeak/core/money';
import type { SettingsAnswer } from '@bluepeak/core/settings';
import { settingsBodies } from '@bluepeak/core/settings';
import { Card, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../components/country-select';
import { DateField } from '../../components/date-field';
import { SaveBar } from '../../components/save-bar';
import { saveSettings } from '../../lib/queries/settings';
import { useSettingsForm } from '../../lib/use-settings-form';
import { SettingsFrame } from './settings-frame';

// /dashboard/settings/client-info (docs/requirements/settings.md): the company's registration
// and due-diligence answers, read back and changed at any time.
export default function ClientInfoPage() {
  const { t } = useTranslation('settings');
  return (
    <SettingsFrame title={t('company.client_info.title')}>
      {(settings) => <ClientInfoForm settings={settings} />}
    </SettingsFrame>
  );
}

const FIELDS = ['registration_number', 'registration_date', 'legal_form', 'website'] as const;

function ClientInfoForm({ settings }: { settings: SettingsAnswer }) {
  const { t } = useTranslation('settings');
  const info = (settings.client_info ?? {}) as Record<string, unknown>;
  const turnoverMinor = (info.expected_monthly_turnover as { amount?: number } | undefined)?.amount;
  const [values, setValues] = useState<Record<string, string>>(() => ({
    ...Object.fromEntries(FIELDS.map((field) => [field, String(info[field] ?? '')])),
    business_description: String(info.business_description ?? ''),
    tax_residence: String(info.tax_residence ?? ''),
    turnover: turnoverMinor === undefined ? '' : (turnoverMinor / 100).toFixed(2),
  }));
  const set = (field: string) => (value: string) => setValues((before) => ({ ...before, [field]: value }));
  const body = () => {
    const amount = parseMoneyInput((values.turnover ?? '').trim(), 2);
    const optional = Object.fromEntries(
      [...FIELDS, 'tax_residence']
        .map((field) => [field, values[field]?.trim()])
        .filter(([, value]) => value),
    );
    return {
      business_description: values.business_description,
      ...optional,
      expected_monthly_turnover: { amount: amount.ok ? amount.amount : -1, currency: 'EUR' },
    };
  };
  const { mutation, submit, message, errors } = useSettingsForm(settingsBodies.client_info, body, (value) =>
    saveSettings('client_info', value),
  );
  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Textarea
            label={t('company.client_info.business_description')}
            value={values.business_description}
            onChange={(event) => set('business_description')(event.currentTarget.value)}
            error={errors.business_description}
            autosize
            minRows={3}
            required
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {FIELDS.map((field) =>
              field === 'registration_date' ? (
                <DateField
                  key={field}
                  label={t(`company.client_info.${field}`)}
                  value={values[field] ?? ''}
                  onChange={set(field)}
                  error={errors[field]}
                />
              ) : (
                <TextInput
                  key={field}
                  label={t(`company.client_info.${field}`)}
                  value={values[field]}
                  onChange={(event) => set(field)(event.currentTarget.value)}
                  error={errors[field]}
                  type={field === 'website' ? 'url' : 'text'}
                />
              ),
            )}
            <CountrySelect
              label={t('company.client_info.tax_residence')}
              value={values.tax_residence ?? ''}
              onChange={set('tax_residence')}
              error={errors.tax_residence}
            />
            <TextInput
              label={t('company.client_info.turnover')}
              value={values.turnover}
              onChange={(event) => set('turnover')(event.currentTarget.value)}
              error={errors['expected_monthly_turnover.amount'] ?? errors.expected_monthly_turnover}
              inputMode="decimal"
              rightSection={<Text size="sm">EUR</Text>}
              rightSectionWidth={48}
              required
            />
          </SimpleGrid>
          <SaveBar message={message} saved={mutation.isSuccess} pending={mutation.isPending} />
        </Stack>
      </form>
    </Card>
  );
}
