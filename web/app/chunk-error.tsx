import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../services/error-boundary';
import { ChunkLoadError } from '../services/chunk';
import './chunk-error.css';

/**
 * What shows where code failed to load (a script file answered with an error twice, e.g. a 503
 * while the server is busy or being deployed): a title, what happened and a retry button that
 * loads the code again. Part of the entry bundle, never a lazy chunk itself, so it shows however
 * many chunks fail. `scope` says what failed: one screen inside the shell (the menu and tabs keep
 * working) or the whole console.
 */
export function ChunkErrorScreen({ onRetry, scope = 'page' }: { onRetry: () => void; scope?: 'page' | 'app' }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <div className={`chunk-error chunk-error--${scope}`} role="alert" data-testid="chunk-error">
      <i className="pi pi-cloud-download chunk-error-icon" aria-hidden="true" />
      <h2 className="chunk-error-title">{t('exception.chunk.title')}</h2>
      <p className="chunk-error-message">{t(scope === 'app' ? 'exception.chunk.messageApp' : 'exception.chunk.message')}</p>
      <button
        type="button"
        className="p-button p-component p-button-outlined"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          onRetry();
        }}
        data-testid="chunk-error-retry"
      >
        <span className="p-button-icon p-button-icon-left pi pi-refresh" aria-hidden="true" />
        <span className="p-button-label">{t('exception.retry')}</span>
      </button>
    </div>
  );
}

/**
 * A boundary for code that loads lazily: a {@link ChunkLoadError} shows {@link ChunkErrorScreen},
 * whose retry loads the chunk afresh and renders the children again; any other error shows
 * `fallback` (default: rethrown to the boundary above).
 */
export function ChunkBoundary({ children, scope = 'page', fallback }: { children: ReactNode; scope?: 'page' | 'app'; fallback?: (error: Error, reset: () => void) => ReactNode }) {
  return (
    <ErrorBoundary
      fallback={(e, reset) => {
        if (e instanceof ChunkLoadError)
          return (
            <ChunkErrorScreen
              scope={scope}
              onRetry={() => {
                e.retry();
                reset();
              }}
            />
          );
        if (fallback) return fallback(e, reset);
        throw e;
      }}
    >
      {children}
    </ErrorBoundary>
  );
}
