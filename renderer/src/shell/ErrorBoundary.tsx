import { Component, type ErrorInfo, type ReactNode } from "react";
import { isChunkLoadError } from "./chunk-load-error.js";

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
    const { error } = this.state;
    if (!error) return this.props.children;
    const reload = () => window.location.reload();
    // A page's chunk is gone once the app's files are rebuilt or updated under an open window:
    // not a bug to report, and a reload is the whole fix, so the button has the focus.
    if (isChunkLoadError(error)) {
      return (
        <main className="centered">
          <div className="card" role="alert" data-testid="app-updated">
            <h1>Cometdesk was updated</h1>
            <p>
              This page&apos;s code changed on disk since the window opened, so it could not be loaded. Reload to load the new
              version: your networks, settings, wallet and sends are kept by the app, not by this window.
            </p>
            <button type="button" autoFocus onClick={reload}>Reload</button>
          </div>
        </main>
      );
    }
    return (
      <main className="centered">
        <div className="card" role="alert">
          <h1>Something went wrong</h1>
          <p>{error.message}</p>
          <button type="button" onClick={reload}>Reload</button>
        </div>
      </main>
    );
  }
}
