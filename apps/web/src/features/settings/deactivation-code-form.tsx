import { useTranslation } from 'react-i18next';
import { OneTimeCodeForm } from '../../components/one-time-code-form';
import { problemMessage } from '../../lib/api-error-message';
import { DEACTIVATION_TEXTS } from './problem-texts';

// The one-time code that confirms closing the account, sent by the client's second factor
// like a payment's; five wrong codes block it, then a new request.
export function DeactivationCodeForm(props: {
  factor: string | undefined;
  onSubmit: (code: string) => void;
  pending: boolean;
  error: unknown;
}) {
  const { t } = useTranslation('settings');
  return (
    <OneTimeCodeForm
      {...props}
      danger
      describe={(error) => problemMessage(error, DEACTIVATION_TEXTS)}
      texts={{
        sent: (factor) => t(`deactivation.sca.sent_${factor}`),
        codeLabel: t('deactivation.sca.code'),
        triesLeft: (count) => t('deactivation.sca.tries_left', { count }),
        submit: t('deactivation.confirm'),
      }}
    />
  );
}
