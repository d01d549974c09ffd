import { Alert, Button, Checkbox, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { brand } from '../../lib/brand';
import { useClient } from '../../lib/client-session';
import { downloadTextFile, recoveryCodesFileName, recoveryCodesText } from './recovery-codes-file';

// A new set of recovery codes, shown this once (docs/security-settings.md, "Recovery codes"): the
// server keeps only their hashes. The client copies or downloads them and says so before the
// page moves on, so nobody leaves them behind by a careless click.
export function RecoveryCodesShown({ codes, onSaved }: { codes: readonly string[]; onSaved: () => void }) {
  const { t } = useTranslation('onboarding');
  const client = useClient();
  const [saved, setSaved] = useState(false);
  // The codes replace the form that had the focus: move it here, so they are heard.
  const start = useRef<HTMLDivElement>(null);
  useEffect(() => start.current?.focus(), []);
  const text = () =>
    recoveryCodesText(codes, {
      heading: t('contacts.recovery.file_heading', { brand: brand.trading_name, email: client.email }),
      note: t('contacts.recovery.file_note'),
    });
  return (
    <Stack gap="sm">
      <Alert
        color="yellow"
        role="status"
        ref={start}
        tabIndex={-1}
        title={t('contacts.recovery.shown_title')}
      >
        {t('contacts.recovery.shown_intro')}
      </Alert>
      <List
        listStyleType="none"
        ff="monospace"
        fw={600}
        spacing={4}
        data-testid="recovery-codes"
        aria-label={t('contacts.recovery.list_label')}
        style={{ columns: 2, maxWidth: 320 }}
      >
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group gap="sm">
        <CopyButton value={codes.join('\n')} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant={copied ? 'filled' : 'light'}
              color={copied ? 'teal.9' : undefined}
              onClick={copy}
            >
              {t(copied ? 'contacts.recovery.copied' : 'contacts.recovery.copy')}
            </Button>
          )}
        </CopyButton>
        <Button
          size="xs"
          variant="light"
          onClick={() => downloadTextFile(recoveryCodesFileName(brand.trading_name), text())}
        >
          {t('contacts.recovery.download')}
        </Button>
      </Group>
      <Text size="sm">{t('contacts.recovery.how_to_use')}</Text>
      <Checkbox
        label={t('contacts.recovery.saved_check')}
        checked={saved}
        onChange={(event) => setSaved(event.currentTarget.checked)}
      />
      <Button w="fit-content" disabled={!saved} onClick={onSaved}>
        {t('contacts.recovery.saved_done')}
      </Button>
    </Stack>
  );
}
