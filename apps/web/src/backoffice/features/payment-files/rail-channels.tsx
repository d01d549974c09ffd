import { Card, Group, Radio, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/load-failed';
import { showInfo } from '../../lib/notify';
import { type FileRail, paymentFileKeys, railsQuery, setRailChannel } from './api';
import { CreateFileButton } from './create-file-button';

// How each rail is reached: the clearing simulator or ISO 20022 files. A file rail gets its
// "Create pain.001 file" button; Faster Payments always run on the simulator.
export function RailChannels() {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const rails = useQuery(railsQuery);
  const change = useMutation({
    mutationFn: (input: { rail: FileRail; channel: 'simulator' | 'file' }) =>
      setRailChannel(input.rail, input.channel),
    onSuccess: async (_answer, input) => {
      showInfo(
        t('payments.files.channel_set', {
          rail: t(`payments.rails.${input.rail}`),
          channel: t(`payments.files.channel.${input.channel}`),
        }),
      );
      await queryClient.invalidateQueries({ queryKey: paymentFileKeys.rails });
    },
  });
  if (rails.isPending) return <Skeleton role="status" h={120} aria-label={t('loading')} />;
  if (rails.isError) return <LoadFailed onRetry={() => void rails.refetch()} />;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {rails.data.map((rail) => (
        <Card key={rail.rail} withBorder padding="md" component="section" data-testid={`rail-${rail.rail}`}>
          <Stack gap="sm">
            <Title order={3} fz="h5">
              {t(`payments.rails.${rail.rail}`)}
            </Title>
            {rail.switchable && rail.rail !== 'faster_pay' ? (
              <>
                <Radio.Group
                  label={t('payments.files.channel_label', { rail: t(`payments.rails.${rail.rail}`) })}
                  value={rail.channel}
                  onChange={(value) =>
                    change.mutate({ rail: rail.rail as FileRail, channel: value as 'simulator' | 'file' })
                  }
                >
                  <Stack gap="xs" mt="xs">
                    {(['simulator', 'file'] as const).map((channel) => (
                      <Radio
                        key={channel}
                        value={channel}
                        disabled={change.isPending}
                        label={t(`payments.files.channel.${channel}`)}
                      />
                    ))}
                  </Stack>
                </Radio.Group>
                <Group>
                  <CreateFileButton rail={rail.rail as FileRail} />
                </Group>
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {t('payments.files.fixed')}
              </Text>
            )}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
