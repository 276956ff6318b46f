import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Settings } from "../../../../shared/contract/settings.js";
import { useApi } from "../../api/api-context.js";
import { errorMessage, unwrap } from "../../api/unwrap.js";
import { appQueries } from "../../queries/app-queries.js";
import { SETTINGS_SCOPE, settingsKeys, settingsQueries } from "../settings-queries.js";
import type { ShortcutInfo } from "../../links/shortcuts.js";
import { useThemeState } from "../../theme/ThemeProvider.js";
import type { ThemePreference } from "../../theme/theme.js";
import { NumberSettingField } from "./NumberSettingField.js";

const isMac = /Mac/.test(navigator.platform);
const THEMES: ReadonlyArray<[ThemePreference, string]> = [["system", "Follow the system"], ["light", "Light"], ["dark", "Dark"]];

/** App preferences (stored in main), the theme (stored here) and the keyboard shortcuts (from the shell's page table). */
export function SettingsPage({ shortcuts }: { shortcuts: readonly ShortcutInfo[] }) {
  const api = useApi();
  const client = useQueryClient();
  const theme = useThemeState();
  const settings = useQuery(settingsQueries.get(api));
  const info = useQuery(appQueries.info(api));
  // Changes are saved one after another (the number fields' too), so the last one made is the one
  // kept. The fields stay usable meanwhile: a disabled fieldset drops the keyboard's focus.
  const update = useMutation({
    scope: { id: SETTINGS_SCOPE },
    mutationFn: (patch: Partial<Settings>) => unwrap(api.settings.update(patch)),
    onSuccess: (value) => client.setQueryData(settingsKeys.all, value),
  });
  const s = settings.data;
  return (
    <div className="stack">
      <fieldset>
        <legend>Theme</legend>
        {THEMES.map(([value, label]) => (
          <label key={value} className="inline">
            <input type="radio" name="theme" value={value} checked={theme.preference === value} onChange={() => theme.setPreference(value)} /> {label}
          </label>
        ))}
      </fieldset>
      {settings.isError && <p role="alert">Settings could not be loaded: {errorMessage(settings.error)}</p>}
      {s && (
        <fieldset aria-busy={update.isPending || undefined}>
          <legend>Wallet and node</legend>
          <NumberSettingField id="auto-lock" setting="autoLockMinutes" value={s.autoLockMinutes} label="Lock the wallet after this many idle minutes (0: never)" />
          <NumberSettingField
            id="undo-window"
            setting="undoWindowSeconds"
            value={s.undoWindowSeconds}
            label="Undo window: seconds this app holds a signed transaction before sending it to a network's nodes, when the network has no access service (0: send at once)"
          />
          <label htmlFor="rpc-method">Explorer requests</label>
          <select id="rpc-method" value={s.rpcMethod} onChange={(e) => update.mutate({ rpcMethod: e.target.value === "GET" ? "GET" : "POST" })}>
            <option value="POST">JSON-RPC (POST)</option>
            <option value="GET">URI form (GET)</option>
          </select>
          <div>
            <label className="inline">
              <input type="checkbox" checked={s.allowPlainTextTokens} onChange={(e) => update.mutate({ allowPlainTextTokens: e.target.checked })} />
              Keep access tokens even when the OS keychain is unavailable (stored unencrypted)
            </label>
          </div>
          <div>
            <label className="inline">
              <input type="checkbox" checked={s.keepRunningInTray} onChange={(e) => update.mutate({ keepRunningInTray: e.target.checked })} />
              Keep running in the tray when the window is closed, so the watch goes on (desktop app, where the system has a tray)
            </label>
          </div>
          {update.isError && <p role="alert" className="form-error">{errorMessage(update.error)}</p>}
        </fieldset>
      )}
      {info.data && (
        <p data-testid="app-version">
          Cometdesk {info.data.version}, {info.data.bridge ? "browser mode (services behind the local bridge)" : "desktop app"}
        </p>
      )}
      <section aria-labelledby="shortcuts-title">
        <h2 id="shortcuts-title">Keyboard shortcuts</h2>
        <dl className="facts">
          {shortcuts.map((s) => (
            <div key={s.keys}>
              <dt><kbd>{s.keys.replace("Mod", isMac ? "⌘" : "Ctrl")}</kbd></dt>
              <dd>{s.label}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
