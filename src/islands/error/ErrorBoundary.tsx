/**
 * Catches a render crash in an island, shows the error screen in its place and reports the crash to
 * POST /api/errors. Every island gets one through the React client entry (react-client.ts).
 */
import { Component, createElement, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { newErrorId } from '~/lib/error-report-rules';
import ErrorScreen from './ErrorScreen';
import { reportCrash } from './report';

type State = { crash: { id: string; time: string } | null };

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { crash: null };

  static getDerivedStateFromError(): State {
    return { crash: { id: newErrorId(), time: new Date().toISOString() } };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    const crash = this.state.crash;
    if (!crash) return;
    console.error(`[${crash.id}]`, error);
    reportCrash(error, { ...crash, componentStack: info.componentStack ?? '' });
  }

  render() {
    const { crash } = this.state;
    if (!crash) return this.props.children;
    return <ErrorScreen errorId={crash.id} time={crash.time} onTryAgain={() => this.setState({ crash: null })} onReload={() => location.reload()} />;
  }
}

const wrapped = new WeakMap<object, ComponentType<never>>();

/** The island's component inside an error boundary (one wrapper per component, so React keeps its state). */
export function withErrorScreen<P extends object>(Island: ComponentType<P>): ComponentType<P> {
  let safe = wrapped.get(Island);
  if (!safe) {
    safe = (props: P) => <ErrorBoundary>{createElement(Island, props)}</ErrorBoundary>;
    safe.displayName = `WithErrorScreen(${Island.displayName ?? Island.name ?? 'Island'})`;
    wrapped.set(Island, safe);
  }
  return safe as ComponentType<P>;
}
