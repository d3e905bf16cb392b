import { constants } from 'node:os';

/**
 * How a `prospect-engine` process answers SIGINT (a terminal's Ctrl-C) and SIGTERM (`docker stop`,
 * systemd): one handler at a time. Until a command takes them over (serve and worker, to shut down
 * gracefully), the process exits at once with 130 or 143; its 'exit' hooks still run, so an embedded
 * PostgreSQL it owns gets a fast shutdown and its data directory is given up.
 */
type StopHandler = (signal: NodeJS.Signals) => void;

const exitAtOnce: StopHandler = (signal) => process.exit(128 + constants.signals[signal]);
let current = exitAtOnce;

/** Called first thing by the CLI's entry: from here on the signals go to the current handler. */
export function handleStopSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, (received) => current(received));
}

/** Makes `handler` the answer to both signals; the returned function puts the previous one back. */
export function onStopSignal(handler: StopHandler): () => void {
  const previous = current;
  current = handler;
  return () => {
    current = previous;
  };
}
