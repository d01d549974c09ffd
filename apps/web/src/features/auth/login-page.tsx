import type { LoginChallenge } from '@bluepeak/core/auth';
import { Anchor, Group } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { forgetSession, markSessionStarted, safeReturnPath } from '../../lib/client-session';
import { endPublicSession } from '../../lib/public-session';
import { useLocalePath } from '../../lib/use-locale';
import { verifyLogIn } from './api';
import { AuthCard } from './auth-card';
import { CodeStep, PasswordStep } from './login-steps';

// /login (docs/requirements/api-contract.md "Authentication"): e-mail and password, then the one-time
// code by the factor the API names. A wrong password, an unknown address and a wrong code read the
// same, and the lockout after five failures says so (docs/requirements/validation.md wording from the
// API's codes).
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const to = useLocalePath();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [challenge, setChallenge] = useState<LoginChallenge>();

  // The landing layout ends an old session on this public page (lib/public-session.ts); this
  // log-in starts clean and waits for that to finish.
  useEffect(() => {
    forgetSession(queryClient);
  }, [queryClient]);

  const verify = async (body: { challenge_id: string; code: string }) => {
    await endPublicSession();
    return verifyLogIn(body);
  };
  const verified = () => {
    forgetSession(queryClient);
    markSessionStarted();
    // Back to the page an idle log-out or an expired link came from (only a dashboard page).
    void navigate(safeReturnPath(searchParams.get('next')), { replace: true });
  };

  return (
    <AuthCard
      title={t('login.title')}
      intro={challenge ? t(`login.code_intro.${challenge.factor}`) : t('login.intro')}
    >
      {challenge ? (
        <CodeStep
          challenge={challenge}
          verify={verify}
          onVerified={verified}
          onBack={() => setChallenge(undefined)}
        />
      ) : (
        <PasswordStep onChallenge={setChallenge} />
      )}
      <Group justify="space-between" gap="xs">
        <Anchor component={Link} to={to('/restore')} size="sm">
          {t('login.forgot')}
        </Anchor>
        <Anchor component={Link} to={to('/private-account')} size="sm">
          {t('login.sign_up')}
        </Anchor>
      </Group>
    </AuthCard>
  );
}
