/** A record of a transfer file that an import did not write, and why. */
export interface TransferSkippedRecord {
  /** Table name of the record, e.g. `T_CONFIG`. */
  table: string;
  key: string;
  reason: string;
}

/** `data` of a successful `POST /rnacos/api/console/transfer/import`. */
export interface TransferImportResult {
  /** Records per table found in the file. */
  read: Record<string, number>;
  /** Records written per table. */
  imported: Record<string, number>;
  skipped: TransferSkippedRecord[];
  /** Records of tables this server does not keep (MCP, cache, unknown tables). */
  ignored: number;
}
