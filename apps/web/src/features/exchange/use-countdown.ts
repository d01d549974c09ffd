import { useEffect, useState } from 'react';

/** Whole seconds left until `deadline` (ISO text), ticking each second; 0 once it has passed. */
export function useCountdown(deadline: string | undefined): number {
  const left = () => (deadline ? Math.max(0, Math.ceil((Date.parse(deadline) - Date.now()) / 1000)) : 0);
  const [seconds, setSeconds] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads only `deadline`
  useEffect(() => {
    setSeconds(left());
    if (!deadline) return;
    const timer = window.setInterval(() => {
      const now = left();
      setSeconds(now);
      if (now === 0) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return seconds;
}
