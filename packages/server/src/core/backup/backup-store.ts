/** A consistent copy of a running node's whole store, taken without stopping it (the embedded store only). */
export interface BackupStore {
  /** Writes the copy to `file` (replaced atomically, readable by this user only); its size in bytes. */
  backupTo(file: string): Promise<number>;
}
