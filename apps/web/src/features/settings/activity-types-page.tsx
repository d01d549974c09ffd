import { activityTypes } from '@bluepeak/core/reference';
import { settingsBodies } from '@bluepeak/core/settings';
import { Card, MultiSelect, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveBar } from '../../components/save-bar';
import { saveSettings } from '../../lib/queries/settings';
import { useSettingsForm } from '../../lib/use-settings-form';
import { SettingsFrame } from './settings-frame';

// /dashboard/settings/activity-types and /new (docs/requirements/settings.md): what the company
// does, from the metadata's activity types.
export default function ActivityTypesPage() {
  const { t } = useTranslation('settings');
  return (
    <SettingsFrame title={t('company.activity_types.title')}>
      {(settings) => <ActivityForm initial={settings.activity_types} />}
    </SettingsFrame>
  );
}

function ActivityForm({ initial }: { initial: string[] }) {
  const { t } = useTranslation('settings');
  const [codes, setCodes] = useState(initial);
  const { mutation, submit, message, errors } = useSettingsForm(
    settingsBodies.activity_types,
    () => codes,
    (body) => saveSettings('activity_types', body),
  );
  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <MultiSelect
            label={t('company.activity_types.label')}
            data={activityTypes.map((type) => ({ value: type.code, label: type.name }))}
            value={codes}
            onChange={setCodes}
            error={errors._form ?? errors['0']}
            searchable
            required
          />
          <SaveBar message={message} saved={mutation.isSuccess} pending={mutation.isPending} />
        </Stack>
      </form>
    </Card>
  );
}
