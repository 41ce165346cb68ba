import type { EditedInstanceMetadata, InstanceMetadataStore } from './instance-metadata-store.js';
import { serviceKeyString, type ServiceKey } from './naming-model.js';

/** As r-nacos: edited metadata whose instance stays away this long is forgotten. */
export const EDITED_METADATA_RETENTION_MS = 60_000;

interface Edit extends EditedInstanceMetadata {
  /** When the instance was first seen missing since it was last present; undefined while present. */
  absentSince?: number;
}

/**
 * Edited metadata of ephemeral instances (r-nacos's `RNACOS_NAMING_INSTANCE_METADATA_PERSISTENCE_ENABLE`):
 * stored on each edit, read back at start, and given to an instance registering the same ip:port in the
 * service (over the metadata it registers with) until it has stayed away for the retention time.
 */
export class EditedMetadata {
  private readonly byService = new Map<string, Map<string, Edit>>();

  private constructor(
    private readonly store: InstanceMetadataStore,
    private readonly retentionMs: number,
  ) {}

  static async load(store: InstanceMetadataStore, retentionMs = EDITED_METADATA_RETENTION_MS): Promise<EditedMetadata> {
    const edited = new EditedMetadata(store, retentionMs);
    for (const edit of await store.loadAllEdited()) edited.put(edit);
    return edited;
  }

  /** The edited metadata for a registration of ip:port in the service; undefined when none. */
  lookup(key: ServiceKey, ip: string, port: number): Record<string, string> | undefined {
    // no edit anywhere (the usual case): no key is built
    if (this.empty) return undefined;
    return this.byService.get(serviceKeyString(key))?.get(`${ip}:${port}`)?.metadata;
  }

  /** Stores an edit, then keeps it; resolves once it is durable. */
  async remember(edit: EditedInstanceMetadata): Promise<void> {
    await this.store.saveEdited(edit);
    this.put(edit);
  }

  /**
   * Forgets edits whose instance has been missing for the retention time (`present` says whether the
   * service lists ip:port in the edited cluster). A failed delete leaves a row the next start forgets again.
   */
  sweep(now: number, present: (edit: EditedInstanceMetadata) => boolean): void {
    for (const [keyString, edits] of this.byService) {
      for (const [address, edit] of edits) {
        if (present(edit)) edit.absentSince = undefined;
        else if (edit.absentSince === undefined) edit.absentSince = now;
        else if (now - edit.absentSince >= this.retentionMs) {
          edits.delete(address);
          this.store.removeEdited(edit.key, edit.ip, edit.port).catch(() => undefined);
        }
      }
      if (edits.size === 0) this.byService.delete(keyString);
    }
  }

  /** True while no edit is kept (the usual case): registrations need not look. */
  get empty(): boolean {
    return this.byService.size === 0;
  }

  private put(edit: EditedInstanceMetadata): void {
    const keyString = serviceKeyString(edit.key);
    let edits = this.byService.get(keyString);
    if (!edits) this.byService.set(keyString, (edits = new Map<string, Edit>()));
    edits.set(`${edit.ip}:${edit.port}`, { ...edit });
  }
}
