import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.js";
import { connectApi } from "./api/connect-api.js";
import { errorMessage } from "./api/unwrap.js";
import { parseLocation, preloadPage } from "./shell/page-chunks.js";
import { Unavailable } from "./shell/Unavailable.js";
import "./styles.css";

// The connection is asked for first (its client's chunk is on the way to the first answer), then
// the opening page's code, which loads while the window connects to main, not after.
const connected = connectApi();
preloadPage(parseLocation(window.location.hash));
const root = createRoot(document.getElementById("root")!);
// index.html's static loading screen stays on screen while the window connects to main; the
// first render replaces it.
connected.then(
  (api) => root.render(<StrictMode><App api={api} /></StrictMode>),
  (error: unknown) => root.render(<Unavailable message={errorMessage(error)} />),
);
