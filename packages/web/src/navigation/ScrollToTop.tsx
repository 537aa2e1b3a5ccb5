import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { SCROLL_TO_TOP_DELAY_MS } from '../theme/layout.ts';

/** After a route change the page scrolls smoothly to the top, once the new page had time to render. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    void pathname;
    const timer = window.setTimeout(
      () => window.scrollTo({ top: 0, behavior: 'smooth' }),
      SCROLL_TO_TOP_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [pathname]);
  return null;
}
