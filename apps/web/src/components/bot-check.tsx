import type { BotCheckResponse } from '@bluepeak/core/auth';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { apiRequest } from '../lib/api-client';
import { AltchaField, type AltchaHandle } from './altcha-field';

// The bot check of every public form (docs/requirements/security.md): whether the API asks for it,
// the invisible ALTCHA widget, and the proof the form sends as `altcha`.
export const botCheckQuery = queryOptions({
  queryKey: ['auth', 'bot_check'] as const,
  queryFn: ({ signal }) => apiRequest<BotCheckResponse>('/auth/bot_check', { signal }),
  select: (body) => body.data.enabled,
  staleTime: Number.POSITIVE_INFINITY,
});

export type BotCheck = {
  /** The widget to place in the form (nothing while the API has not answered, or with the check off). */
  field: ReactNode;
  /** The solved challenge, '' with the check off, or undefined (with the error shown) when it failed. */
  proof: () => Promise<string | undefined>;
};

export function useBotCheck(failedMessage: string): BotCheck {
  const altcha = useRef<AltchaHandle>(null);
  const [error, setError] = useState<string>();
  const queryClient = useQueryClient();
  const botCheck = useQuery(botCheckQuery);
  return {
    field: botCheck.isSuccess && <AltchaField ref={altcha} error={error} enabled={botCheck.data} />,
    proof: async () => {
      // A form sent before the API said whether it checks (a fast visitor, a prerendered page) waits for the answer.
      const on = await queryClient
        .ensureQueryData(botCheckQuery)
        .then((body) => body.data.enabled)
        .catch(() => true);
      if (!on) return '';
      // The widget mounts on the render after that answer.
      for (let tries = 0; tries < 20 && !altcha.current; tries += 1)
        await new Promise((r) => setTimeout(r, 100));
      const payload = (await altcha.current?.payload().catch(() => '')) ?? '';
      setError(payload ? undefined : failedMessage);
      return payload || undefined;
    },
  };
}

type CheckedForm<Out> = {
  validate: () => Out | undefined | Promise<Out | undefined>;
  setServerErrors: (fields: Record<string, string>) => void;
};

/** The form's own check first, then the proof of work, sent along as `altcha`. */
export function withBotCheck<Out extends object>(form: CheckedForm<Out>, botCheck: BotCheck) {
  return {
    validate: async (): Promise<(Out & { altcha: string }) | undefined> => {
      const values = await form.validate();
      if (!values) return undefined;
      const altcha = await botCheck.proof();
      return altcha === undefined ? undefined : { ...values, altcha };
    },
    setServerErrors: form.setServerErrors,
  };
}
