/**
 * Which links may leave the app for the system browser: https block explorers only. Threat:
 * a link in chain data (a memo, a moniker's website) opening file:, smb: or a custom
 * protocol handler through shell.openExternal.
 */

/** Block explorers for Cosmos chains that Cometdesk links to. */
export const EXTERNAL_HOSTS: readonly string[] = ["www.mintscan.io", "mintscan.io", "ping.pub", "explorer.ping.pub", "atomscan.com", "www.atomscan.com", "bigdipper.live"];

/** True when `url` is an https URL on an allowlisted explorer host, with no credentials or port. */
export function isAllowedExternalUrl(url: string, hosts: readonly string[] = EXTERNAL_HOSTS): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  return u.protocol === "https:" && u.username === "" && u.password === "" && u.port === "" && hosts.includes(u.hostname.toLowerCase());
}
