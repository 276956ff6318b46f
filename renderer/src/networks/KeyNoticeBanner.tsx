import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../api/api-context.js";
import { errorMessage, unwrap } from "../api/unwrap.js";
import { walletKeys, walletQueries } from "../queries/wallet-queries.js";
import { keyNoticeText } from "./key-notice-text.js";

/**
 * Said once per network whose keys are not the m/44'/118'/… ones: its coin type and the user's
 * address there. The shell shows it for the selected network; the Networks page for one just added.
 */
export function KeyNoticeBanner({ networkId: id }: { networkId: string | undefined }) {
  const api = useApi();
  const client = useQueryClient();
  const notice = useQuery({ ...walletQueries.keyNotice(api, id ?? ""), enabled: !!id });
  const dismiss = useMutation({
    mutationFn: (networkId: string) => unwrap(api.wallet.dismissKeyNotice({ networkId })),
    onSuccess: (_, networkId) => client.setQueryData(walletKeys.keyNotice(networkId), { notice: null }),
  });
  const shown = notice.data?.notice;
  if (!shown || shown.networkId !== id) return null;
  return (
    <div className="card problems" role="status" data-testid="key-notice">
      <p>{keyNoticeText(shown)}</p>
      {dismiss.isError && <p className="form-error" role="alert">{errorMessage(dismiss.error)}</p>}
      <button type="button" className="secondary" onClick={() => dismiss.mutate(shown.networkId)}>Got it</button>
    </div>
  );
}
