/** Registers and removes instances through the nacos 1.x HTTP OpenAPI, as a 1.x SDK does. */
export interface InstanceRef {
  serviceName: string;
  ip: string;
  port: number;
  groupName?: string;
}

async function send(method: string, url: string, params: Record<string, string>) {
  const res = await fetch(`${url}?${new URLSearchParams(params)}`, { method });
  const body = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${body}`);
  return body;
}

export function registerInstance(sdkUrl: string, i: InstanceRef, metadata: Record<string, string> = {}) {
  return send('POST', `${sdkUrl}/nacos/v1/ns/instance`, {
    serviceName: i.serviceName,
    groupName: i.groupName ?? 'DEFAULT_GROUP',
    ip: i.ip,
    port: String(i.port),
    weight: '1',
    ephemeral: 'false',
    metadata: JSON.stringify(metadata),
  });
}

export function deregisterInstance(sdkUrl: string, i: InstanceRef) {
  return send('DELETE', `${sdkUrl}/nacos/v1/ns/instance`, {
    serviceName: i.serviceName,
    groupName: i.groupName ?? 'DEFAULT_GROUP',
    ip: i.ip,
    port: String(i.port),
    ephemeral: 'false',
  });
}

/** A 1.x client polling the instance list with a UDP port: the server records it as a subscriber. */
export function pollInstances(sdkUrl: string, serviceName: string, udpPort: number) {
  return send('GET', `${sdkUrl}/nacos/v1/ns/instance/list`, {
    serviceName,
    udpPort: String(udpPort),
    clientIP: '127.0.0.1',
  });
}
