import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Trans } from 'react-i18next';

interface State {
  error: Error | null;
}

/**
 * Catches a page's render error so one broken page never blanks the shell (spec §8 "vue errors"
 * are React render errors here). Keyed by route, so navigating away clears it.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[page render error]', error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <div className="exception" role="alert">
          <i className="pi pi-exclamation-triangle exception-icon" aria-hidden />
          <h2>500</h2>
          <p>
            <Trans i18nKey="exception.500" />
          </p>
        </div>
      );
    }
    return this.props.children;
  }
}
