import type { Logger } from '../../application/ports/logger.js';

/** One line a RecordingLogger took: its level, its fields (with those of the child loggers it came through), its message. */
export interface LogEntry {
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  readonly fields: Record<string, unknown>;
  readonly message: string | undefined;
}

/** A logger that keeps what it is told, for tests to read; its children add their fields and write to the same list. */
export class RecordingLogger implements Logger {
  constructor(
    readonly entries: LogEntry[] = [],
    private readonly bound: Record<string, unknown> = {},
  ) {}

  debug(fields: object, message?: string): void {
    this.add('debug', fields, message);
  }
  info(fields: object, message?: string): void {
    this.add('info', fields, message);
  }
  warn(fields: object, message?: string): void {
    this.add('warn', fields, message);
  }
  error(fields: object, message?: string): void {
    this.add('error', fields, message);
  }
  child(fields: object): Logger {
    return new RecordingLogger(this.entries, { ...this.bound, ...fields });
  }

  /** The messages logged at a level, in order. */
  messages(level: LogEntry['level']): (string | undefined)[] {
    return this.entries.filter((e) => e.level === level).map((e) => e.message);
  }

  private add(level: LogEntry['level'], fields: object, message: string | undefined): void {
    this.entries.push({ level, fields: { ...this.bound, ...fields }, message });
  }
}
