import { pino } from 'pino';
import type { Logger } from '../../application/ports/logger.js';

/** Structured JSON logs on stdout (or another stream, e.g. stderr for CLI commands whose stdout is data). */
export function createPinoLogger(level: string, destination: NodeJS.WritableStream = process.stdout): Logger {
  return pino(
    { level, base: { service: 'spindle' }, timestamp: pino.stdTimeFunctions.isoTime, serializers: { err: pino.stdSerializers.err } },
    destination as pino.DestinationStream,
  );
}
