/** The server version, shown by `--version` and written into transfer file headers. */
export const VERSION = '0.2.0';
