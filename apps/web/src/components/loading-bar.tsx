import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

// docs/requirements/tariff.md: the loading bar waits 200 ms before it shows (fast loads never flash) and
// gives up after 5 s. It creeps towards 90% while loading and fills when done.
const THROTTLE_MS = 200;
const DURATION_MS = 5_000;
const TICK_MS = 100;

export function LoadingBar({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    if (!active) {
      setProgress(100);
      const hide = setTimeout(() => setVisible(false), THROTTLE_MS);
      return () => clearTimeout(hide);
    }
    setProgress(0);
    const started = Date.now();
    const show = setTimeout(() => setVisible(true), THROTTLE_MS);
    const tick = setInterval(() => {
      const elapsed = Date.now() - started;
      if (elapsed <= DURATION_MS) {
        setProgress(Math.min(90, (elapsed / DURATION_MS) * 100 + 10));
        return;
      }
      setVisible(false);
      clearInterval(tick);
    }, TICK_MS);
    return () => {
      clearTimeout(show);
      clearInterval(tick);
    };
  }, [active]);

  if (!visible) return null;
  return (
    <div
      role="progressbar"
      aria-label={t('loading_page')}
      aria-valuenow={Math.round(progress)}
      aria-valuemin={0}
      aria-valuemax={100}
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        height: 3,
        width: `${progress}%`,
        background: 'var(--mantine-primary-color-filled)',
        transition: `width ${TICK_MS}ms linear`,
        zIndex: 1000,
      }}
    />
  );
}
