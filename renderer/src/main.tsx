import { type ReactNode, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.js";
import { connectApi } from "./api/connect-api.js";
import { errorMessage } from "./api/unwrap.js";
import { parseLocation, preloadPage } from "./shell/page-chunks.js";
import { Unavailable } from "./shell/Unavailable.js";
import { applyStoredTheme } from "./theme/use-theme.js";
import "./styles.css";

// The connection is asked for first (its client's chunk is on the way to the first answer), then
// the opening page's code, which loads while the window connects to main, not after.
const connected = connectApi();
preloadPage(parseLocation(window.location.hash));
applyStoredTheme();
// index.html's static loading screen stays on screen while the window connects to main; the
// first render replaces it. The root is made only then: a root listens to every event on its
// container, and would handle the loading screen's own (its spinner's animation start) meanwhile.
const render = (node: ReactNode) => createRoot(document.getElementById("root")!).render(node);
connected.then(
  (api) => render(<StrictMode><App api={api} /></StrictMode>),
  (error: unknown) => render(<Unavailable message={errorMessage(error)} />),
);
