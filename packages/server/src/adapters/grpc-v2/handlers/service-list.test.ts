import { afterEach, describe, expect, it } from 'vitest';
import { grpcKit, type GrpcKit } from '../../../../test/grpc-kit.js';

let kit: GrpcKit;
afterEach(() => kit?.dispose());

describe('ServiceListRequest', () => {
  it('pages the names of one group, with the total count', async () => {
    kit = await grpcKit();
    for (const name of ['c', 'a', 'b']) {
      await kit.app.core.naming.registerInstance(
        { namespaceId: 'public', groupName: 'G', serviceName: name },
        { ip: '10.0.0.1', port: 1 },
      );
    }
    await kit.app.core.naming.registerInstance(
      { namespaceId: 'public', groupName: 'OTHER', serviceName: 'x' },
      { ip: '10.0.0.1', port: 1 },
    );
    const page = async (pageNo: number) =>
      (await kit.call('ServiceListRequest', { namespace: '', groupName: 'G', pageNo, pageSize: 2, selector: '' })).body;
    expect(await page(1)).toMatchObject({ success: true, count: 3, serviceNames: ['a', 'b'] });
    expect(await page(2)).toMatchObject({ count: 3, serviceNames: ['c'] });
    expect(await page(3)).toMatchObject({ count: 3, serviceNames: [] });
  });

  it('rejects a nonsensical page', async () => {
    kit = await grpcKit();
    const reply = await kit.call('ServiceListRequest', { groupName: 'G', pageNo: 0, pageSize: 10 });
    expect(reply).toMatchObject({ type: 'ServiceListResponse', body: { errorCode: 400, success: false } });
  });
});
