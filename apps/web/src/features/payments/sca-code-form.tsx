import { useTranslation } from 'react-i18next';
import { OneTimeCodeForm } from '../../components/one-time-code-form';
import { problemMessage } from '../../lib/api-error-message';
import { PAYMENT_TEXTS } from './problem-texts';

// Strong authentication for a payment or a recipient (docs/payments.md): the shared code form
// with the payments texts.

export function ScaCodeForm({
  submitLabel,
  ...props
}: {
  factor: string | undefined;
  onSubmit: (code: string) => void;
  pending: boolean;
  error: unknown;
  submitLabel: string;
}) {
  const { t } = useTranslation('payments');
  return (
    <OneTimeCodeForm
      {...props}
      describe={(error) => problemMessage(error, PAYMENT_TEXTS)}
      texts={{
        sent: (factor) => t(`sca.sent_${factor}`),
        codeLabel: t('sca.code'),
        triesLeft: (count) => t('sca.tries_left', { count }),
        submit: submitLabel,
      }}
    />
  );
}
