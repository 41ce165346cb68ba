import type { SettingDef, SettingReader } from './settings-reader.js';
import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from './shared/logger.js';

export interface LogSettings {
  logLevel: LogLevel;
  /** Log lines on stdout: `json` (one object a line) or `text` (time, level, message, fields). */
  logFormat: LogFormat;
}

export const LOG_SETTING_DEFS: SettingDef[] = [
  { env: 'RNACOS_LOG_LEVEL', describe: `log level (${LOG_LEVELS.join(', ')})`, defaultText: 'info' },
  { env: 'RNACOS_LOG_FORMAT', describe: `log line format (${LOG_FORMATS.join(', ')})`, defaultText: 'json' },
];

export function loadLogSettings(read: SettingReader): LogSettings {
  const logLevel = (read.get('RNACOS_LOG_LEVEL') ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    read.fail(`RNACOS_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const format = read.get('RNACOS_LOG_FORMAT');
  const logFormat = (format ?? 'json').toLowerCase();
  if (!(LOG_FORMATS as readonly string[]).includes(logFormat)) {
    read.fail(`RNACOS_LOG_FORMAT must be one of ${LOG_FORMATS.join(', ')}, got "${format}"`);
  }
  return { logLevel: logLevel as LogLevel, logFormat: logFormat as LogFormat };
}
