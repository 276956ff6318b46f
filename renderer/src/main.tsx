import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.js";
import { connectApi } from "./api/connect-api.js";
import { errorMessage } from "./api/unwrap.js";
import { preloadPage } from "./shell/page-chunks.js";
import { parseLocation } from "./links/routes.js";
import { Unavailable } from "./shell/Unavailable.js";
import "./styles.css";

// The opening page's code loads while the window connects to main, not after.
preloadPage(parseLocation(window.location.hash));
const root = createRoot(document.getElementById("root")!);
// Something on screen while the window connects to main, instead of a blank page.
root.render(<main className="centered" aria-busy="true"><p>Loading…</p></main>);
connectApi().then(
  (api) => root.render(<StrictMode><App api={api} /></StrictMode>),
  (error: unknown) => root.render(<Unavailable message={errorMessage(error)} />),
);
