import type { MouseEvent } from 'react';

// The first stop of the keyboard on every frame. The app routes on the URL's hash, so the link
// must not change it (`#main-content` would be read as a route): it moves focus itself.
export const MAIN_CONTENT_ID = 'main-content';

export function focusMainContent(): boolean {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return false;
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus();
  main.scrollIntoView?.({ block: 'start' });
  return true;
}

export function SkipLink({ label }: { label: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    focusMainContent();
  };
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
      {label}
    </a>
  );
}
