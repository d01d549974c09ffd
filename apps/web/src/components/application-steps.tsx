import { Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { clientView } from '../lib/application-progress';
import { useClient } from '../lib/client-session';

// The step indicator of onboarding: what is done, where the client is now and what is left,
// from sign-up to the open account. The state is in words as well as in colour.
export function ApplicationSteps() {
  const { t } = useTranslation('auth');
  const client = useClient();
  const { steps } = clientView(client);
  if (steps.length === 0) return null;
  return (
    <SimpleGrid
      component="ol"
      cols={{ base: 1, xs: steps.length }}
      spacing="xs"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('progress.label')}
      data-testid="application-steps"
    >
      {steps.map(({ step, state }, index) => (
        <Group
          component="li"
          key={step}
          gap={8}
          wrap="nowrap"
          align="center"
          aria-current={state === 'current' ? 'step' : undefined}
          data-state={state}
        >
          <ThemeIcon
            size={26}
            radius="xl"
            variant={state === 'todo' ? 'light' : 'filled'}
            color={state === 'done' ? 'teal.9' : state === 'current' ? 'brand' : 'gray'}
            aria-hidden
          >
            <Text size="xs" fw={700} c="inherit">
              {state === 'done' ? '✓' : index + 1}
            </Text>
          </ThemeIcon>
          <Text size="sm" fw={state === 'current' ? 700 : 400} lh={1.2}>
            {t(`progress.steps.${step}`)}
            <Text span size="xs" c="dimmed" display="block">
              {t(`progress.state.${state}`)}
            </Text>
          </Text>
        </Group>
      ))}
    </SimpleGrid>
  );
}
