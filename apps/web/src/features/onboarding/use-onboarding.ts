import type { StepStatusResponse } from '@bluepeak/core/onboarding';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { AddressValues } from '../../components/address-fields';
import { clientQueryKeys } from '../../lib/client-session';

/**
 * After a step is done: fetch the client record again and go to /dashboard, where the session's
 * forced redirects (docs/requirements/onboarding.md) pick the next step.
 */
export function useNextStep() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: clientQueryKeys.data });
    await navigate('/dashboard', { replace: true });
  };
}

/** AddressFields reports a whole address; the form hook takes one field at a time. */
export function changedField(before: AddressValues, after: AddressValues): keyof AddressValues | undefined {
  return (Object.keys(after) as (keyof AddressValues)[]).find((key) => before[key] !== after[key]);
}

/** A company step saved: go on once the application is complete, else show the new progress. */
export function useCompanyStepSaved() {
  const queryClient = useQueryClient();
  const next = useNextStep();
  return async (answer: StepStatusResponse) => {
    if (answer.data.status === 'application_submitted') return next();
    await queryClient.invalidateQueries({ queryKey: clientQueryKeys.data });
  };
}
