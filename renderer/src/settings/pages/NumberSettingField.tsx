import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { useApi } from "../../api/api-context.js";
import { errorMessage, unwrap } from "../../api/unwrap.js";
import { isTxInfoKey } from "../../queries/tx-queries.js";
import { SETTINGS_SCOPE, settingsKeys } from "../settings-queries.js";
import { NUMBER_SETTINGS, type NumberSetting, settingPatch, settingProblem, typedSetting } from "./settings-form.js";
import { FieldProblem, tiedTo } from "../../components/FieldProblem.js";

/**
 * A setting typed as a number, sent to main when the field is left (or on Enter) and only when
 * it is a whole number in the contract's range. A wrong entry is refused at the field, and the
 * field goes back to the value in force: these guard the wallet (auto-lock, the undo window), so
 * the screen must never show a number that is not the one main applies. The message keeps what
 * was typed and says what is still in force.
 */
export function NumberSettingField({ id, setting, value, label }: { id: string; setting: NumberSetting; value: number; label: ReactNode }) {
  const api = useApi();
  const client = useQueryClient();
  const [text, setText] = useState(String(value));
  const [problem, setProblem] = useState<string>();
  // Main's value changed (saved here, or elsewhere): show it.
  useEffect(() => setText(String(value)), [value]);
  const save = useMutation({
    scope: { id: SETTINGS_SCOPE },
    mutationFn: (n: number) => unwrap(api.settings.update(settingPatch(setting, n))),
    onSuccess: async (settings) => {
      client.setQueryData(settingsKeys.all, settings);
      // The send review says how long main holds a transaction, from tx.info: not the old window.
      if (setting === "undoWindowSeconds") await client.invalidateQueries({ predicate: (q) => isTxInfoKey(q.queryKey) });
    },
    onError: (e) => {
      setText(String(value));
      setProblem(`Not saved: ${errorMessage(e)} ${NUMBER_SETTINGS[setting].inForce(value)}`);
    },
  });
  const apply = () => {
    // Unchanged since the value in force was shown (after a refusal too): nothing to send, and the refusal stays said.
    if (save.isPending || text === String(value)) return;
    const wrong = settingProblem(setting, text);
    if (wrong) {
      setText(String(value));
      return setProblem(`${wrong} ${NUMBER_SETTINGS[setting].inForce(value)}`);
    }
    setProblem(undefined);
    const n = typedSetting(text);
    if (n !== value) save.mutate(n);
    else setText(String(value)); // "010" reads as the 10 in force
  };
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="numeric"
        value={text}
        // While main stores one value, another typed would be dropped when its answer comes.
        readOnly={save.isPending}
        {...tiedTo(id, problem)}
        onChange={(e) => {
          setText(e.target.value);
          setProblem(undefined);
        }}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            apply();
          }
        }}
      />
      <FieldProblem id={id} problem={problem} alert />
    </>
  );
}
