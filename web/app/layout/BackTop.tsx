import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { useProjectConfig } from '../../services/project-config';
import './back-top.css';

/** Spec §9: scroll animation 500 ms. */
export const SCROLL_DURATION_MS = 500;
/** The button shows once the page is scrolled this far (px). */
export const BACK_TOP_VISIBLE_AT = 400;

/** easeInOutCubic on [0, 1]: the scroll starts and ends softly. */
export function easeInOutCubic(p: number): number {
  const x = Math.min(1, Math.max(0, p));
  return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2;
}

/** Scrolls the window to the top in `duration` ms (spec §9: 500), independent of the browser's own smooth-scroll speed. */
export function scrollToTop(duration = SCROLL_DURATION_MS): void {
  const from = window.scrollY;
  if (from <= 0) return;
  const start = performance.now();
  const step = (t: number) => {
    const p = (t - start) / duration;
    window.scrollTo(0, Math.round(from * (1 - easeInOutCubic(p))));
    if (p < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** Back-to-top button (spec §3 useOpenBackTop): appears after scrolling down, scrolls up in 500 ms. */
export function BackTop() {
  const { t } = useTranslation();
  const enabled = useProjectConfig((c) => c.useOpenBackTop);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const onScroll = () => setVisible(window.scrollY > BACK_TOP_VISIBLE_AT);
    // The first reading waits for the next frame: reading scrollY while the page is being built
    // forces a layout of all of it.
    const first = requestAnimationFrame(onScroll);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(first);
      window.removeEventListener('scroll', onScroll);
    };
  }, [enabled]);
  if (!enabled || !visible) return null;
  return (
    <Button
      className="back-top"
      icon="pi pi-arrow-up"
      rounded
      raised
      aria-label={t('lock.tools.backTop')}
      tooltip={t('lock.tools.backTop')}
      tooltipOptions={{ position: 'left' }}
      onClick={() => scrollToTop()}
      data-testid="back-top"
    />
  );
}
