/**
 * Cometdesk's main process: app lifecycle, the one window, menus, and the glue between
 * Electron and the core services (electron/services). Everything decidable without Electron
 * lives in pure, tested modules beside this one.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { app, BrowserWindow, dialog, Menu, protocol, safeStorage, session, shell } from "electron";
import { createDesktopNotifier, createSaveDialog } from "./desktop-io.js";
import { createServices, type Services } from "../services/create-services.js";
import { APP_ENTRY, APP_SCHEME, APP_SCHEME_PRIVILEGES } from "./app-protocol.js";
import { guardWebContents, hardenSession, serveRenderer } from "./harden.js";
import { registerIpc } from "./ipc-adapter.js";
import { acceleratorKeystroke, menuTemplate } from "./menu-template.js";
import { securityBaseline } from "./security.js";
import { createMainWindow } from "./window.js";

const here = fileURLToPath(new URL(".", import.meta.url));
// Development only: `npm run dev` serves the renderer from Vite. A packaged app ignores these.
const devServerUrl = app.isPackaged ? undefined : process.env.COMETDESK_DEV_SERVER_URL;
const startRoute = /^[a-z]+$/.test(process.env.COMETDESK_START_ROUTE ?? "") ? `#/${process.env.COMETDESK_START_ROUTE}` : "";
if (!app.isPackaged && process.env.COMETDESK_USER_DATA_DIR) app.setPath("userData", process.env.COMETDESK_USER_DATA_DIR);

// Must precede `ready`: app:// is a standard, secure origin of its own.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);
app.enableSandbox();

let mainWindow: BrowserWindow | undefined;
let services: Services | undefined;

if (!app.requestSingleInstanceLock()) {
  app.quit(); // a second launch hands over to the first, which comes to the front
} else {
  app.on("second-instance", () => {
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
  });
  app.whenReady().then(start, (error: unknown) => fail(error));
}

async function start(): Promise<void> {
  const baseline = securityBaseline({ preload: join(here, "../preload/preload.cjs"), devServerOrigin: devServerUrl ? new URL(devServerUrl).origin : undefined });
  hardenSession(session.defaultSession, baseline);
  guardWebContents(app, shell, baseline);
  serveRenderer(protocol, join(here, "../renderer"), baseline);

  services = await createServices({
    dataDir: app.getPath("userData"),
    tokenStore: { kind: "safeStorage", safeStorage },
    devnetJsonPath: app.isPackaged ? undefined : process.env.COMETDESK_DEVNET_JSON,
    version: app.getVersion(),
    saveFile: createSaveDialog(() => mainWindow),
    notifier: createDesktopNotifier(),
    chooseSavePath: async (suggestedName) => {
      const options = { defaultPath: join(app.getPath("downloads"), suggestedName), filters: [{ name: "JSON", extensions: ["json"] }] };
      const choice = mainWindow ? await dialog.showSaveDialog(mainWindow, options) : await dialog.showSaveDialog(options);
      return choice.canceled ? undefined : choice.filePath;
    },
    onInternalError: (method, error) => console.error(`[main] ${method} failed`, error),
  });
  const window = createMainWindow(baseline, join(app.getPath("userData"), "window-state.json"));
  mainWindow = window;
  const unregister = registerIpc({ dispatcher: services.dispatcher, events: services.events, window, isTrustedSender: baseline.isTrustedSender });
  window.on("closed", () => {
    unregister();
    mainWindow = undefined;
  });
  const isMac = process.platform === "darwin";
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate(
        { isMac, isDev: !app.isPackaged, appName: app.name },
        {
          sendShortcut: (accelerator) => {
            const { keyCode, modifiers } = acceleratorKeystroke(accelerator, isMac);
            window.webContents.sendInputEvent({ type: "keyDown", keyCode, modifiers });
            window.webContents.sendInputEvent({ type: "keyUp", keyCode, modifiers });
          },
          lockWallet: () => void services?.dispatcher.dispatch("wallet.lock", {}),
        },
      ),
    ),
  );
  // `npm start` opens on the devnet it just brought up (development runs only).
  const selectNetwork = app.isPackaged ? undefined : process.env.COMETDESK_SELECT_NETWORK;
  if (selectNetwork) await services.dispatcher.dispatch("network.select", { id: selectNetwork });
  services.start();
  await window.loadURL(`${devServerUrl ?? APP_ENTRY}${startRoute}`);
}

app.on("window-all-closed", () => app.quit()); // one window: closing it ends the app, on macOS too
app.on("will-quit", (event) => {
  if (!services) return;
  event.preventDefault();
  const closing = services;
  services = undefined;
  void closing.close().finally(() => app.quit());
});

function fail(error: unknown): void {
  console.error("Cometdesk could not start", error);
  app.exit(1);
}
