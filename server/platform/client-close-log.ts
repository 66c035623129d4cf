import type { FastifyServerOptions } from 'fastify';
import type { LoggerOptions, LogFn } from 'pino';

/**
 * A client that goes away before its answer is sent (a browser navigating on while a script, a font or a report still
 * streams) ends the answer's stream early. That is the client's doing, not a fault of the server, yet
 * @fastify/compress logs the pipe's "premature close" at error level for every compressed stream so ended. The
 * logger's hook writes those at info instead (as Fastify does for its own streams), so error lines stay the server's.
 */
export function isClientClose(value: unknown): boolean {
  const error =
    value instanceof Error ? value : value && typeof value === 'object' ? (value as { err?: unknown }).err : undefined;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    code === 'ECONNRESET' ||
    /^premature close$/i.test(error.message) ||
    error.message === 'aborted'
  );
}

const ERROR_LEVEL = 50;

/** The server's logger options with that hook; an instance or no logger is left as it is. */
export function quietClientCloses(logger: FastifyServerOptions['logger'] | undefined): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base: LoggerOptions = logger === true ? {} : (logger as LoggerOptions);
  const previous = base.hooks?.logMethod;
  return {
    ...base,
    hooks: {
      ...base.hooks,
      logMethod(this: import('pino').Logger, args: Parameters<LogFn>, method: LogFn, level: number) {
        if (level >= ERROR_LEVEL && isClientClose(args[0])) {
          this.info(
            { reason: (args[0] instanceof Error ? args[0] : (args[0] as { err: Error }).err).message },
            'the client closed the connection before the answer was sent',
          );
          return;
        }
        if (previous) return previous.call(this, args, method, level);
        return method.apply(this, args);
      },
    },
  };
}
