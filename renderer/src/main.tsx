import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.js";
import { connectApi } from "./api/connect-api.js";
import { errorMessage } from "./api/unwrap.js";
import { Unavailable } from "./shell/Unavailable.js";
import "./styles.css";

const root = createRoot(document.getElementById("root")!);
connectApi().then(
  (api) => root.render(<StrictMode><App api={api} /></StrictMode>),
  (error: unknown) => root.render(<Unavailable message={errorMessage(error)} />),
);
