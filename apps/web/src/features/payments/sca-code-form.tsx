import { useTranslation } from 'react-i18next';
import { OneTimeCodeForm } from '../../components/one-time-code-form';
import { problemCode, problemMessage } from '../../lib/form-errors';
import { i18n } from '../../lib/i18n';

// Strong authentication for a payment or a recipient (docs/payments.md): the shared code form
// with the payments texts.

/** A refusal in the client's language: the payments texts first, then the general catalogue. */
export function paymentProblem(error: unknown): string | undefined {
  const code = problemCode(error);
  const key = `payments:problems.${code}`;
  if (code && i18n.exists(key)) return i18n.t(key);
  return problemMessage(error);
}

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
      describe={paymentProblem}
      texts={{
        sent: (factor) => t(`sca.sent_${factor}`),
        codeLabel: t('sca.code'),
        triesLeft: (count) => t('sca.tries_left', { count }),
        submit: submitLabel,
      }}
    />
  );
}
