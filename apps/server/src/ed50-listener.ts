import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { CLIENT_ROUTES } from '@coral/core';

export interface Ed50ListenerOptions {
  /** ED50_PORT; 0 turns the listener off. */
  port: number;
  host: string;
  log?: Pick<Console, 'log' | 'error'>;
}

export interface Ed50Listener {
  /** Resolves once the port is open (its address), or null when it could not be opened. */
  ready: Promise<AddressInfo | null>;
}

/** `http://host:port/` for the start-up line; a wildcard host is shown as localhost. */
const urlOf = (host: string, port: number) =>
  `http://${['0.0.0.0', '::', ''].includes(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host}:${port}/`;

/**
 * The ED calculator's own port (product-spec §2 Navbar, §9: the navbar's ED50 Calculator link opens
 * this host on ED50_PORT, 3838 by default, when ED50_CALCULATOR_URL is not set). Decision 0010.
 *
 * A second listener of the same application: every request is handed to the app's own router
 * (`app.routing`), so the page, its assets, its API calls and every response header (the
 * Content-Security-Policy included) are exactly those of the main port, and "Upload these
 * results" reaches a working upload page on the same origin. The only difference: `/` redirects
 * to the calculator, so the link opens the calculator rather than the home page.
 *
 * Call before `app.listen`: the calculator port opens when the app starts listening and closes
 * with the app. A port that cannot be opened (already in use) is reported and the platform runs
 * on without it; the main port is what matters.
 */
export function serveEd50Calculator(
  app: FastifyInstance,
  { port, host, log = console }: Ed50ListenerOptions,
): Ed50Listener | null {
  if (port === 0) return null;
  const server = http.createServer((request, response) => {
    const [pathname, query] = (request.url ?? '/').split(/\?(.*)/s);
    if (pathname === '/' && (request.method === 'GET' || request.method === 'HEAD')) {
      response.writeHead(302, {
        Location: `${CLIENT_ROUTES.ed50}${query ? `?${query}` : ''}`,
        'Cache-Control': 'no-store',
        'Content-Length': '0',
      });
      response.end();
      return;
    }
    app.routing(request, response);
  });

  let resolveReady: (address: AddressInfo | null) => void = () => undefined;
  const ready = new Promise<AddressInfo | null>((resolve) => (resolveReady = resolve));

  app.addHook('onListen', async () => {
    await new Promise<void>((resolve) => {
      const failed = (error: NodeJS.ErrnoException) => {
        log.error(
          `The ED calculator could not listen on port ${port} (${error.code ?? error.message}): ` +
            "the navbar's ED50 Calculator link will not open it. Set ED50_PORT to a free port, " +
            'or to 0 with ED50_CALCULATOR_URL pointing to the calculator (e.g. <site>/ed50).',
        );
        resolveReady(null);
        resolve();
      };
      server.once('error', failed);
      server.listen({ port, host }, () => {
        server.off('error', failed);
        const address = server.address() as AddressInfo;
        log.log(`ED calculator on ${urlOf(host, address.port)} (ED50_PORT)`);
        resolveReady(address);
        resolve();
      });
    });
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
  });
  return { ready };
}
