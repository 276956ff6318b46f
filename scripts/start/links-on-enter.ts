/**
 * A browser-mode link works once (its ticket is traded for the tab's own session secret), so
 * the terminal hands out a new one on Enter: for a second tab, another browser, or a link that
 * expired before it was opened. Only where stdin is a terminal; returns how to stop listening.
 */
export function linksOnEnter(link: () => string, say: (line: string) => void): () => void {
  if (!process.stdin.isTTY) return () => {};
  const onData = () => say(`  A new link (works once, within 5 minutes):\n\n    ${link()}\n`);
  process.stdin.on("data", onData);
  process.stdin.resume();
  return () => {
    process.stdin.off("data", onData);
    process.stdin.pause();
  };
}
