import { useEffect } from 'react';

// A half-typed form outlives an idle log-out in its tab: its values are kept in sessionStorage
// (this tab only, gone with it), bound to the client who typed them, read back when the same
// form opens again after the log-in, and dropped once the form is sent or the client logs out
// on purpose. Another client logging in on the same tab never sees them.
const PREFIX = 'bp__draft:';

type Stored<V> = { owner: string; values: V };

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** The values kept for this form and this client, if any. */
export function readFormDraft<V>(key: string, owner: string): V | undefined {
  const raw = storage()?.getItem(PREFIX + key);
  if (!raw) return undefined;
  try {
    const stored = JSON.parse(raw) as Stored<V>;
    return stored.owner === owner ? stored.values : undefined;
  } catch {
    return undefined;
  }
}

export function writeFormDraft<V>(key: string, owner: string, values: V): void {
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify({ owner, values } satisfies Stored<V>));
  } catch {
    // A full or blocked storage only loses the draft, never the form.
  }
}

export function clearFormDraft(key: string): void {
  storage()?.removeItem(PREFIX + key);
}

/** Every draft of this tab: a log-out on purpose leaves nothing typed behind. */
export function clearFormDrafts(): void {
  const store = storage();
  if (!store) return;
  const keys = Array.from({ length: store.length }, (_, index) => store.key(index));
  for (const key of keys) if (key?.startsWith(PREFIX)) store.removeItem(key);
}

/** Keeps `values` as the draft of `key` while the form is open; untouched (`empty`) forms keep none. */
export function useKeepFormDraft<V>(key: string, owner: string, values: V, empty: boolean): void {
  useEffect(() => {
    if (empty) clearFormDraft(key);
    else writeFormDraft(key, owner, values);
  }, [key, owner, values, empty]);
}
