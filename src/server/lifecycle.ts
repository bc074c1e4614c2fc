// What every way of running the Node server does once it listens (the mock host and the
// relay): connections kept longer than clients keep them, a new organiser sign-in link on Enter
// in a terminal, and a clean stop on SIGTERM/SIGINT after the caller's own closing.
import type { ServerType } from '@hono/node-server';
import type { SignInLink } from './sign-in/organiser-sign-in';
import { signInBanner } from './sign-in/sign-in-banner';

export interface LiveServer {
  server: ServerType;
  newLink: () => SignInLink;
  exposed: boolean;
  interactive: boolean;
  /** What the caller closes before the process exits (the store, the mirror). */
  beforeExit?: () => Promise<void> | void;
}

export function runUntilStopped({ server, newLink, exposed, interactive, beforeExit }: LiveServer): void {
  // Clients (browsers, Node's fetch) drop an idle connection after about 4-5 s; the server
  // keeps it longer, so it never closes one just as a client sends on it ("fetch failed").
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }
  // In a terminal, Enter prints a new sign-in link (closing the one before it).
  const onLine = () => {
    signInBanner(newLink(), { exposed, interactive }).then((text) => console.log(text));
  };
  if (interactive) process.stdin.on('data', onLine);
  const stop = async () => {
    if (interactive) process.stdin.off('data', onLine).pause();
    server.close();
    await beforeExit?.();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
