import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logRenderError } from './error-log/capture';

interface Props {
  children: ReactNode;
  /** What to show instead of the broken subtree; `reset` renders the children again. */
  fallback: (error: Error, reset: () => void) => ReactNode;
}

interface State {
  error: Error | null;
}

/**
 * Catches a render error in its subtree, logs it (type `react`, spec §8 "vue errors" are React
 * render errors here; logged only when error handling is on) and shows `fallback` instead.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    logRenderError(error, info.componentStack);
  }

  reset = () => this.setState({ error: null });

  override render() {
    return this.state.error ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}
