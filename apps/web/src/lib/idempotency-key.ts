import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

// docs/idempotency.md: every call that creates or changes something and takes an Idempotency-Key
// (payments, recipients, tickets and replies, cancels, the deactivation request;
// docs/idempotency.md) carries one. The same submission (same body) sent again, after a timeout,
// a TanStack Query retry or a double click, reuses its key, so the server answers with the first
// answer instead of doing the work twice; a changed form is a new attempt and gets a new key.
export type Attempt = { key: string; fingerprint: string };

export function nextAttempt(
  previous: Attempt | undefined,
  fingerprint: string,
  makeKey: () => string,
): Attempt {
  if (previous && previous.fingerprint === fingerprint) return previous;
  return { key: makeKey(), fingerprint };
}

/** A stable text for a request body: the same data gives the same text whatever the key order. */
export function fingerprintOf(body: unknown): string {
  return JSON.stringify(body, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : value,
  );
}

const randomKey = () => crypto.randomUUID();

/** The key for submitting `body`: the previous one while the body is unchanged. */
export function useIdempotencyKey(makeKey: () => string = randomKey) {
  const attempt = useRef<Attempt | undefined>(undefined);
  const keyFor = useCallback(
    (body: unknown) => {
      attempt.current = nextAttempt(attempt.current, fingerprintOf(body), makeKey);
      return attempt.current.key;
    },
    [makeKey],
  );
  /** After a definite answer (success) the next submission is a new attempt. */
  const reset = useCallback(() => {
    attempt.current = undefined;
  }, []);
  return { keyFor, reset };
}

/**
 * The one way a page sends a call that takes an Idempotency-Key: the key comes from what is
 * sent (`variables`), stays while the same thing is sent again and is dropped after a success
 * (or by `reset`, when the page starts a new attempt). The catalogue's snackbar stays quiet
 * unless `silent` is false: the page shows the refusal where it happened.
 */
export function useIdempotentMutation<Variables, Result>(options: {
  request: (variables: Variables, idempotencyKey: string) => Promise<Result>;
  onSuccess?: (result: Result, variables: Variables) => unknown;
  onError?: (error: unknown) => void;
  silent?: boolean;
}) {
  const idempotency = useIdempotencyKey();
  const mutation = useMutation({
    mutationFn: ({ variables, key }: { variables: Variables; key: string }) =>
      options.request(variables, key),
    meta: { silent: options.silent ?? true },
    onSuccess: (result, { variables }) => {
      idempotency.reset();
      return options.onSuccess?.(result, variables);
    },
    onError: (error) => options.onError?.(error),
  });
  const send = (variables: Variables) => mutation.mutate({ variables, key: idempotency.keyFor(variables) });
  return { mutation, send, reset: idempotency.reset };
}
