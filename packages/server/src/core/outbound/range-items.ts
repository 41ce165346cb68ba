import { isIP } from 'node:net';

export interface RangeItem {
  /** As written in the setting. */
  item: string;
  address: string;
  prefix: number;
}

/**
 * The items of a range setting (CIDRs or single addresses separated by commas or spaces), each checked with
 * Node's own address test: the settings are checked at start without loading ipaddr.js, which the outbound
 * policy loads with the first tool call.
 */
export function rangeItems(text: string): RangeItem[] {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((item) => {
      const [address, bits, extra] = item.split('/');
      const family = isIP(address);
      const max = family === 4 ? 32 : 128;
      const prefix = bits === undefined ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : Number.NaN;
      if (family === 0 || extra !== undefined || !(prefix >= 0 && prefix <= max)) {
        throw new Error(`"${item}" is not an IP address or a CIDR range such as 10.0.0.0/8`);
      }
      return { item, address, prefix };
    });
}
