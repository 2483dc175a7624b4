import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useProjectConfig } from '../../services/project-config';
import { beginPageLoad, endPageLoad, PAGE_LOADING_HIDE_MS, usePageBusy, usePageLoading } from './page-loading';
import './page-progress.css';

/** Paths shown at least once in this page's life: only a first visit loads (its chunk), as in the spec's guard. */
const visited = new Set<string>();

/** How far the bar is after one trickle step (NProgress-like: fast at first, never reaching the end). */
export function trickle(width: number): number {
  if (width >= 0.94) return width;
  const step = width < 0.2 ? 0.1 : width < 0.5 ? 0.04 : width < 0.8 ? 0.02 : 0.005;
  return Math.min(0.94, width + step);
}

/** The thin bar in the theme colour while a page loads (transitionSetting.openNProgress). */
function TopBar({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  const [width, setWidth] = useState(0);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (busy) {
      setShown(true);
      setWidth(0.08);
      const id = setInterval(() => setWidth(trickle), 200);
      return () => clearInterval(id);
    }
    // Done: run to the end, then fade out.
    setWidth((w) => (w > 0 ? 1 : 0));
    const id = setTimeout(() => {
      setShown(false);
      setWidth(0);
    }, 350);
    return () => clearTimeout(id);
  }, [busy]);
  if (!shown) return null;
  return (
    <div className={`page-progress${busy ? '' : ' page-progress--done'}`} role="progressbar" aria-label={t('common.loading')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(width * 100)} data-testid="page-progress">
      <div className="page-progress__bar" style={{ transform: `scaleX(${width})` }} />
    </div>
  );
}

/** The loading overlay over the content area (transitionSetting.openPageLoading), after the 50 ms delay of spec §4. */
function LoadingOverlay() {
  const { t } = useTranslation();
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => setHost(document.getElementById('main-content')), []);
  const overlay = (
    <div className={`page-loading-overlay${host ? '' : ' page-loading-overlay--fixed'}`} role="status" aria-live="polite" data-testid="page-loading">
      <ProgressSpinner style={{ width: 48, height: 48 }} strokeWidth="4" aria-label={t('lock.tools.pageLoading')} />
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
