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

  it('pages as nacos does: any page size (Spring Cloud asks for Integer.MAX_VALUE), a page below 1 is the first', async () => {
    kit = await grpcKit();
    for (const name of ['b', 'a']) {
      await kit.app.core.naming.registerInstance(
        { namespaceId: 'public', groupName: 'G', serviceName: name },
        { ip: '10.0.0.1', port: 1 },
      );
    }
    const page = async (pageNo: number, pageSize: number) =>
      (await kit.call('ServiceListRequest', { groupName: 'G', pageNo, pageSize })).body;
    expect(await page(1, 2147483647)).toMatchObject({ success: true, count: 2, serviceNames: ['a', 'b'] });
    expect(await page(2, 2147483647)).toMatchObject({ success: true, count: 2, serviceNames: [] });
    expect(await page(0, 1)).toMatchObject({ success: true, count: 2, serviceNames: ['a'] });
    expect(await page(-3, 10)).toMatchObject({ success: true, count: 2, serviceNames: ['a', 'b'] });
    expect(await page(1, 0)).toMatchObject({ success: true, count: 2, serviceNames: [] });
  });

  it('rejects a page number that is not a whole number', async () => {
    kit = await grpcKit();
    const reply = await kit.call('ServiceListRequest', { groupName: 'G', pageNo: 1.5, pageSize: 10 });
    expect(reply).toMatchObject({ type: 'ErrorResponse', body: { errorCode: 400, success: false } });
  });
});
