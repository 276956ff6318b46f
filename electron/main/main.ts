/**
 * Cometdesk's main process: app lifecycle, the one window, menus, and the glue between
 * Electron and the core services (electron/services). Everything decidable without Electron
 * lives in pure, tested modules beside this one.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { app, BrowserWindow, dialog, Menu, nativeImage, protocol, safeStorage, session, shell, Tray } from "electron";
import { createDesktopNotifier, createSaveDialog } from "./desktop-io.js";
import { createServices, READ_WORKER_WARM_MS, type Services } from "../services/create-services.js";
import { APP_ENTRY, APP_SCHEME, APP_SCHEME_PRIVILEGES } from "./app-protocol.js";
import { guardWebContents, hardenSession, serveRenderer } from "./harden.js";
import { registerIpc } from "./ipc-adapter.js";
import { acceleratorKeystroke, menuTemplate } from "./menu-template.js";
import { securityBaseline, type SecurityBaseline } from "./security.js";
import { afterLastWindowClosed, onTrayOpen, trayMenu, wantsTray } from "./tray-policy.js";
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
let tray: Tray | undefined;
/** Set by Quit (the tray's, the menu's, the OS's): the window closing then ends the app even with the tray on. */
let quitting = false;
let openWindow: (() => Promise<void>) | undefined;

if (!app.requestSingleInstanceLock()) {
  app.quit(); // a second launch hands over to the first, which comes to the front
} else {
  app.on("second-instance", () => void showWindow());
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
    warmReadWorkerAfterMs: READ_WORKER_WARM_MS,
    chooseSavePath: async (suggestedName) => {
      const options = { defaultPath: join(app.getPath("downloads"), suggestedName), filters: [{ name: "JSON", extensions: ["json"] }] };
      const choice = mainWindow ? await dialog.showSaveDialog(mainWindow, options) : await dialog.showSaveDialog(options);
      return choice.canceled ? undefined : choice.filePath;
    },
    onInternalError: (method, error) => console.error(`[main] ${method} failed`, error),
  });
  const isMac = process.platform === "darwin";
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate(
        { isMac, isDev: !app.isPackaged, appName: app.name },
        {
          sendShortcut: (accelerator) => {
            const { keyCode, modifiers } = acceleratorKeystroke(accelerator, isMac);
            mainWindow?.webContents.sendInputEvent({ type: "keyDown", keyCode, modifiers });
            mainWindow?.webContents.sendInputEvent({ type: "keyUp", keyCode, modifiers });
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
  const running = services;
  openWindow = () => createWindow(baseline, running);
  const syncTray = () => updateTray(running);
  running.onSettingsChange(syncTray);
  running.onWatchingChange(syncTray); // "Watching N networks" as a watch list or a network changes
  syncTray();
  await openWindow();
}

/** The one window; made again from the tray after it was closed, with its IPC bound anew. */
async function createWindow(baseline: SecurityBaseline, running: Services): Promise<void> {
  const window = createMainWindow(baseline, join(app.getPath("userData"), "window-state.json"));
  mainWindow = window;
  const unregister = registerIpc({ dispatcher: running.dispatcher, events: running.events, window, isTrustedSender: baseline.isTrustedSender });
  window.on("closed", () => {
    unregister();
    mainWindow = undefined;
    if (services) updateTray(services);
  });
  await window.loadURL(`${devServerUrl ?? APP_ENTRY}${startRoute}`);
}

async function showWindow(): Promise<void> {
  const choice = onTrayOpen({ exists: mainWindow !== undefined, minimized: mainWindow?.isMinimized() ?? false });
  if (choice === "create") await openWindow?.();
  else if (choice === "restore") mainWindow?.restore();
  mainWindow?.show();
  mainWindow?.focus();
}

/** Shows the tray icon while the setting asks for it and the OS has a tray; its menu says what the watch follows. */
function updateTray(running: Services): void {
  if (!wantsTray(running.settings().keepRunningInTray, { platform: process.platform, env: process.env })) {
    tray?.destroy();
    tray = undefined;
    return;
  }
  if (!tray) {
    tray = new Tray(nativeImage.createFromPath(join(here, "../../build/icons/256x256.png")).resize({ width: 16, height: 16 }));
    tray.setToolTip("Cometdesk");
    tray.on("click", () => void showWindow());
  }
  const actions = { open: () => void showWindow(), quit: () => ((quitting = true), app.quit()) };
  tray.setContextMenu(Menu.buildFromTemplate(trayMenu({ windowOpen: mainWindow !== undefined, watching: running.watching() }).map((item) => ({
    label: item.label,
    enabled: item.enabled,
    click: item.action ? actions[item.action] : undefined,
  }))));
}

// One window: closing it ends the app (on macOS too) unless the tray keeps main and the watch running.
app.on("window-all-closed", () => {
  const decision = afterLastWindowClosed({ keepRunningInTray: services?.settings().keepRunningInTray ?? false, trayShown: tray !== undefined, quitting });
  if (decision === "quit") app.quit();
});
app.on("before-quit", () => (quitting = true));
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
