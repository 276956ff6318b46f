import { Component, type ErrorInfo, type ReactNode } from "react";

interface State {
  readonly error: Error | undefined;
}

/** Keeps a rendering bug from blanking the window: shows what failed and offers a reload. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("render failed", error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="centered">
        <div className="card" role="alert">
          <h1>Something went wrong</h1>
          <p>{this.state.error.message}</p>
          <button type="button" onClick={() => window.location.reload()}>Reload</button>
        </div>
      </main>
    );
  }
}
