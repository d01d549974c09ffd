import { useEffect, useState } from 'react';

/**
 * Whole seconds left until `deadline` (milliseconds on this browser's clock), ticking; 0 once it
 * has passed. Callers derive the deadline from the server's `expires_in_ms` and when the answer
 * arrived, so a browser clock that is off does not shorten or stretch the quote.
 */
export function useCountdown(deadline: number | undefined): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(deadline));
  useEffect(() => {
    setSeconds(secondsUntil(deadline));
    if (deadline === undefined) return;
    const timer = window.setInterval(() => {
      const left = secondsUntil(deadline);
      setSeconds(left);
      if (left === 0) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return seconds;
}

function secondsUntil(deadline: number | undefined): number {
  return deadline === undefined ? 0 : Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}
