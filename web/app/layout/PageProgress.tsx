import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useProjectConfig } from '../../services/project-config';
import { beginPageLoad, endPageLoad, PAGE_LOADING_HIDE_MS, usePageBusy, usePageLoading } from './page-loading';
import './page-progress.css';

/** Paths shown at least once in this page's life: only a first visit loads (its chunk), as in the spec's guard. */
const visited = new Set<string>();

/**
 * The thin bar in the theme colour while a page loads (transitionSetting.openNProgress). It creeps
 * towards the end by a CSS animation (NProgress-like: fast at first, never reaching the end), on the
 * compositor: a JS trickle re-rendered it every 200 ms while the page it announces was being drawn
 *. Done: it runs to the end, fades out and leaves after 350 ms.
 */
function TopBar({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (busy) {
      setShown(true);
      return;
    }
    const id = setTimeout(() => setShown(false), 350);
    return () => clearTimeout(id);
  }, [busy]);
  if (!busy && !shown) return null;
  // While busy the bar's progress is not known (an indeterminate progressbar: no aria-valuenow).
  return (
    <div className={`page-progress${busy ? ' page-progress--busy' : ' page-progress--done'}`} role="progressbar" aria-label={t('common.loading')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={busy ? undefined : 100} data-testid="page-progress">
      <div className="page-progress__bar" />
    </div>
  );
}

/**
 * The loading overlay over the content area (transitionSetting.openPageLoading), after the 50 ms delay
 * of spec §4. Its spinner turns by a transform animation and the veil has no backdrop blur: PrimeReact's
 * ProgressSpinner animates its stroke (a repaint each frame on the main thread) and the blur repainted
 * the screen being drawn beneath, both during the ~170 ms a first visit shows it.
 */
function LoadingOverlay() {
  const { t } = useTranslation();
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => setHost(document.getElementById('main-content')), []);
  const overlay = (
    <div className={`page-loading-overlay${host ? '' : ' page-loading-overlay--fixed'}`} role="status" aria-live="polite" data-testid="page-loading">
      <svg className="page-loading-overlay__spinner" viewBox="0 0 48 48" width="48" height="48" aria-hidden>
        <circle cx="24" cy="24" r="20" fill="none" strokeWidth="4" />
      </svg>
      <span className="page-loading-overlay__text">{t('lock.tools.pageLoading')}</span>
    </div>
  );
  return host ? createPortal(overlay, host) : overlay;
}

/**
 * Top progress bar and page loading (spec §3 transitionSetting.openNProgress / openPageLoading,
 * §4 "Page loading flag turns on after 50 ms delay", §9 "page loading hidden 220 ms after
 * navigation"). The first visit of a path counts as a page load until 220 ms after it rendered;
 * a lazily loaded page also holds the load while its chunk arrives (PageOutlet's Suspense fallback).
 */
export function PageProgress() {
  const [location] = useLocation();
  const openNProgress = useProjectConfig((c) => c.transitionSetting.openNProgress);
  const openPageLoading = useProjectConfig((c) => c.transitionSetting.openPageLoading);
  const busy = usePageBusy();
  const loading = usePageLoading();

  useEffect(() => {
    if (visited.has(location)) return;
    visited.add(location);
    beginPageLoad();
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      endPageLoad();
    };
    const id = setTimeout(end, PAGE_LOADING_HIDE_MS);
    return () => {
      clearTimeout(id);
      end();
    };
  }, [location]);

  return (
    <>
      {openNProgress && <TopBar busy={busy} />}
      {openPageLoading && loading && <LoadingOverlay />}
    </>
  );
}
