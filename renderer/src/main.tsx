import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.js";
import { connectApi } from "./api/connect-api.js";
import { errorMessage } from "./api/unwrap.js";
import { parseLocation, preloadPage } from "./shell/page-chunks.js";
import { Unavailable } from "./shell/Unavailable.js";
import "./styles.css";

// The opening page's code loads while the window connects to main, not after.
preloadPage(parseLocation(window.location.hash));
const root = createRoot(document.getElementById("root")!);
// index.html's static loading screen stays on screen while the window connects to main; the
// first render replaces it.
connectApi().then(
  (api) => root.render(<StrictMode><App api={api} /></StrictMode>),
  (error: unknown) => root.render(<Unavailable message={errorMessage(error)} />),
);
