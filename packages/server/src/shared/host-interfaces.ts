import os from 'node:os';

export type HostInterfaces = ReturnType<typeof os.networkInterfaces>;

/**
 * This host's network interfaces, or none with the reason when they cannot be listed. Listing needs a
 * netlink socket, which sandboxes such as systemd's `RestrictAddressFamilies` may refuse; nothing that
 * uses the list is worth failing a start for.
 */
export function hostInterfaces(): { interfaces: HostInterfaces; error?: string } {
  try {
    return { interfaces: os.networkInterfaces() };
  } catch (err) {
    return { interfaces: {}, error: (err as Error).message };
  }
}
