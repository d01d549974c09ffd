import { cardWaitlistRequestSchema } from '@bluepeak/core/schemas';
import { Alert, Button, Checkbox, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBotCheck, withBotCheck } from '../../components/bot-check';
import { brand } from '../../lib/brand';
import { useFormMutation } from '../../lib/use-form-mutation';
import { joinCardWaitlist } from './api';

// The card is not available yet (docs/requirements/public-site.md): visitors leave an e-mail address, with
// consent, validated by the same schema as the API route.
export function CardWaitlistForm() {
  const { t, i18n } = useTranslation('marketing');
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const botCheck = useBotCheck(t('card.bot_check_failed'));
  const form = {
    validate: () => {
      const parsed = cardWaitlistRequestSchema.safeParse({ email, consent, locale: i18n.language });
      setErrors(
        parsed.success
          ? {}
          : Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return parsed.success ? parsed.data : undefined;
    },
    setServerErrors: () => undefined,
  };
  // A refusal shows in the catalogue's snackbar.
  const { mutation: join, submit } = useFormMutation(withBotCheck(form, botCheck), {
    request: joinCardWaitlist,
    silent: false,
  });

  if (join.isSuccess) return <Alert color="green">{t('card.done')}</Alert>;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md" maw={420}>
        <TextInput
          type="email"
          label={t('card.email_label')}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={errors.email}
          autoComplete="email"
          required
        />
        <Checkbox
          label={t('card.consent_label', { brand: brand.trading_name })}
          checked={consent}
          onChange={(event) => setConsent(event.currentTarget.checked)}
          error={errors.consent}
        />
        {botCheck.field}
        <Button type="submit" loading={join.isPending} w="fit-content">
          {t('card.submit')}
        </Button>
      </Stack>
    </form>
  );
}
