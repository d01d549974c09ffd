import { ActionIcon, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CheckIcon, CopyIcon } from './icons';

/** One bank detail with its label and a copy button (the value copied is `copy`, unspaced). */
export function CopyField({ label, value, copy = value }: { label: string; value: string; copy?: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" align="center">
      <Stack gap={0} miw={0}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text
          fw={600}
          className="tabular-figures"
          style={{ overflowWrap: 'anywhere' }}
          data-testid={`detail-${label}`}
        >
          {value}
        </Text>
      </Stack>
      <CopyButton value={copy} timeout={2000}>
        {({ copied, copy: doCopy }) => (
          <Tooltip
            label={copied ? t('account.copied', { what: label }) : t('account.copy', { what: label })}
            withArrow
          >
            <ActionIcon
              variant={copied ? 'filled' : 'subtle'}
              color={copied ? 'teal.9' : 'gray'}
              onClick={doCopy}
              aria-label={copied ? t('account.copied', { what: label }) : t('account.copy', { what: label })}
              size="lg"
            >
              {copied ? <CheckIcon /> : <CopyIcon />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
