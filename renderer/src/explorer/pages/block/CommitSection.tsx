import { useQuery } from "@tanstack/react-query";
import { blockQueries } from "../../queries/block-queries.js";
import { ValidatorName } from "../../components/ValidatorName.js";
import { QueryView } from "../../../components/states.js";
import { ChainTime } from "../../../components/ChainTime.js";
import { useExplorer } from "../../components/use-explorer.js";
import { BLOCK_ID_FLAG, signedAt } from "../../validators/signing-record.js";
import { useMonikers } from "../../validators/use-monikers.js";

const FLAG = { [BLOCK_ID_FLAG.absent]: "absent", [BLOCK_ID_FLAG.commit]: "signed", [BLOCK_ID_FLAG.nil]: "voted nil" } as Record<number, string>;

/** The commit for this height (`commit` route): which validators signed it and who was absent. */
export function CommitSection({ height }: { height: string }) {
  const { api, n, enabled } = useExplorer();
  const q = useQuery({ ...blockQueries.commit(api, n, height), enabled });
  // Today's names: a moniker is how people know a validator, whatever it was called back then.
  const monikers = useMonikers();
  return (
    <section aria-labelledby="commit-h">
      <h3 id="commit-h">Commit signatures</h3>
      <QueryView query={q} what="the commit">
        {(c) => {
          const signed = c.commit.signatures.filter((s) => s.blockIdFlag === BLOCK_ID_FLAG.commit).length;
          return (
            <>
              <p data-testid="commit-summary">
                {signed} of {c.commit.signatures.length} signed, round {c.commit.round}
                {c.canonical ? "" : " (not yet canonical: the next block will carry the final commit)"}
              </p>
              <table className="grid" data-testid="commit-signatures">
                <thead><tr><th>Validator</th><th>Vote</th><th>Time</th></tr></thead>
                <tbody>
                  {c.commit.signatures.map((s, i) => {
                    const at = signedAt(s);
                    return (
                      <tr key={i} className={s.blockIdFlag === BLOCK_ID_FLAG.commit ? "" : "missed"} data-address={s.validatorAddress}>
                        <td><ValidatorName address={s.validatorAddress} monikers={monikers} /></td>
                        <td>{FLAG[s.blockIdFlag] ?? `flag ${s.blockIdFlag}`}</td>
                        <td>{at ? <ChainTime value={at} /> : "—"}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </>
          );
        }}
      </QueryView>
    </section>
  );
}
