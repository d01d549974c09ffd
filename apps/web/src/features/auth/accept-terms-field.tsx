import { Anchor, Checkbox } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../lib/use-locale';

// The required acceptance of the public terms and privacy policy at sign-up
// (docs/requirements/onboarding.md). The pages open in a new tab so the form keeps what was typed.
export function AcceptTermsField(props: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('auth');
  const to = useLocalePath();
  const page = (path: string, text: string) => (
    <Anchor component={Link} to={to(path)} target="_blank" rel="noopener" underline="always">
      {text}
    </Anchor>
  );
  return (
    <Checkbox
      required
      checked={props.checked}
      onChange={(event) => props.onChange(event.currentTarget.checked)}
      error={props.error}
      label={
        <>
          {t('signup.accept_prefix')} {page('/terms-and-conditions', t('signup.accept_terms_link'))}{' '}
          {t('signup.accept_and')} {page('/privacy', t('signup.accept_privacy_link'))}
        </>
      }
    />
  );
}
