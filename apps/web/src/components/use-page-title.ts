import { useEffect } from 'react';
import { brand } from '../lib/brand';

/** Sets the document title (and meta description) for the page being shown. */
export function usePageTitle(title: string, description?: string) {
  useEffect(() => {
    document.title = title ? `${title} | ${brand.trading_name}` : brand.trading_name;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
