import { useEffect } from 'react';
import { brand } from '../lib/brand';

/**
 * Sets the document title (and meta description) for the page being shown, followed by the
 * site's name; `site` null leaves the title alone (the back office's tabs show the page only).
 */
export function usePageTitle(title: string, description?: string, site: string | null = brand.trading_name) {
  useEffect(() => {
    document.title = site === null ? title : title ? `${title} | ${site}` : site;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description, site]);
}
