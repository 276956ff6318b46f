/** Progress lines for long work: rewritten in place on a terminal, throttled lines otherwise. */
export interface Progress {
  step(message: string): void;
  update(message: string): void;
  done(message: string): void;
}

export function consoleProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  const tty = stream.isTTY === true;
  let lastPrinted = 0;
  let pending = false;
  return {
    step(message) {
      if (pending && tty) stream.write("\n");
      pending = false;
      stream.write(`• ${message}\n`);
    },
    update(message) {
      const now = Date.now();
      if (tty) {
        stream.write(`\r\x1b[2K  ${message}`);
        pending = true;
      } else if (now - lastPrinted >= 10_000) {
        // Logs of non-interactive runs (CI) get a line every 10 s, not one per package.
        stream.write(`  ${message}\n`);
        lastPrinted = now;
      }
    },
    done(message) {
      if (pending && tty) stream.write("\r\x1b[2K");
      pending = false;
      stream.write(`✓ ${message}\n`);
    },
  };
}

export const silentProgress: Progress = { step() {}, update() {}, done() {} };
