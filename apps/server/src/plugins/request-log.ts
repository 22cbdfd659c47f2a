import type { Writable } from 'node:stream';
import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { AppConfig } from '../config';

/**
 * Error codes meaning the client went away (closed the tab, cancelled a download, lost its
 * network): nothing the server did wrong, so nothing for the error log.
 */
const CLIENT_GONE_CODES = new Set([
  'ERR_STREAM_PREMATURE_CLOSE',
  'ERR_STREAM_DESTROYED',
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
]);

const isClientGone = (error: Error) =>
  CLIENT_GONE_CODES.has((error as NodeJS.ErrnoException).code ?? '');

/**
 * What the server logs about requests (decision 0031). A line per request at info is noise for a small
 * lab and a cost under load, so request lines are written at debug (`LOG_LEVEL=debug` shows them
 * again); a request slower than `SLOW_REQUEST_MS` is written at warn with its duration; a request
 * that fails is written at error (and its cause by the error handler). A client that goes away
 * during a download is its own business: debug, not an error.
 */
class RequestLog extends LogController {
  constructor(private readonly slowRequestMs: number) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const durationMs = Math.round(reply.elapsedTime);
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      durationMs,
    };
    if (error && isClientGone(error)) reply.log.debug(line, 'the client closed the connection');
    else if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else if (durationMs >= this.slowRequestMs) reply.log.warn(line, 'slow request');
    else reply.log.debug(line, 'request');
  }

  /** Fastify's own 404 (routes without a handler of their own): a client error, not news. */
  override routeNotFound(request: FastifyRequest): void {
    request.log.debug({ method: request.method, url: request.url }, 'route not found');
  }

  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (isClientGone(error)) {
      reply.log.debug({ url: request.url }, 'the client closed the connection during a download');
    } else {
      reply.log.warn({ url: request.url, err: error }, 'a download ended with an error');
    }
  }
}

/** The logger and request-log settings of the Fastify instance. */
export function loggingOptions(
  config: Pick<AppConfig, 'env' | 'logLevel' | 'slowRequestMs'>,
  stream?: Writable,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  const logger = stream
    ? { level: config.logLevel, stream }
    : config.env === 'test'
      ? false
      : { level: config.logLevel };
  return { logger, logController: new RequestLog(config.slowRequestMs) };
}
