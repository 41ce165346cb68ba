import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { PayloadError, decodePayload, encodeFramedPayload, encodePayload, parseJsonBody } from './payload.js';

// The .proto is the wire contract; the full protobufjs runtime reading it stands in for a client's codec.
const PROTO_FILE = fileURLToPath(new URL('./proto/nacos_grpc_service.proto', import.meta.url));
const Payload = protobuf.loadSync(PROTO_FILE).lookupType('Payload');

const headers = { accessToken: 'tok', 'Client-AppName': 'app', empty: '', ключ: 'значение' };

describe('Payload envelope', () => {
  it('is read by a codec built from the .proto, fields and headers intact', () => {
    const bytes = encodePayload('ConfigQueryRequest', { dataId: 'a', note: '中文' }, headers, '10.0.0.7');
    const decoded = Payload.toObject(Payload.decode(bytes), { defaults: true }) as {
      metadata: { type: string; clientIp: string; headers: Record<string, string> };
      body: { type_url: string; value: Uint8Array };
    };
    expect(decoded.metadata).toEqual({ type: 'ConfigQueryRequest', clientIp: '10.0.0.7', headers });
    expect(JSON.parse(Buffer.from(decoded.body.value).toString('utf8'))).toEqual({ dataId: 'a', note: '中文' });
  });

  it('reads what a codec built from the .proto writes, including type_url and unknown fields', () => {
    const written = Payload.encode({
      metadata: { type: 'HealthCheckRequest', clientIp: '1.2.3.4', headers },
      body: { type_url: 'type.googleapis.com/x', value: Buffer.from('{"requestId":"9"}') },
    }).finish();
    // an unknown varint field (15) and an unknown length-delimited field (14) a newer client might add
    const extended = Buffer.concat([Buffer.from([15 << 3, 1, (14 << 3) | 2, 2, 0x61, 0x62]), written]);
    const decoded = decodePayload(extended);
    expect(decoded).toMatchObject({ type: 'HealthCheckRequest', clientIp: '1.2.3.4', headers });
    expect(parseJsonBody(decoded.body)).toEqual({ requestId: '9' });
  });

  it('decodes an empty message as an empty envelope', () => {
    expect(decodePayload(new Uint8Array(0))).toEqual({ type: '', clientIp: '', headers: {}, body: new Uint8Array(0) });
    expect(parseJsonBody(decodePayload(new Uint8Array(0)).body)).toEqual({});
  });

  it('refuses truncated or malformed bytes with a PayloadError', () => {
    const good = encodePayload('ConfigQueryRequest', { dataId: 'a' }, headers);
    for (const bad of [
      good.subarray(0, good.length - 3), // body cut short
      Buffer.from([0x12, 0x05, 0x1a, 0x10, 0x41]), // metadata whose type field runs past the metadata
      Buffer.from([0x00, 0x01]), // field number 0
      Buffer.from([0x17]), // wire type 7 does not exist
    ]) {
      expect(() => decodePayload(bad)).toThrow(PayloadError);
    }
  });

  it('reads corrupted messages as the .proto codec does, or refuses them with a PayloadError', () => {
    const good = encodePayload('ConfigQueryRequest', { dataId: 'a', group: 'G' }, headers, '10.0.0.7');
    let seed = 7;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    let compared = 0;
    for (let i = 0; i < 5000; i++) {
      // cut short, or one byte changed
      const bad = Buffer.from(i % 2 ? good.subarray(0, random(good.length)) : good);
      if (i % 2 === 0) bad[random(bad.length)] = random(256);
      let expected: {
        metadata?: { type?: string; clientIp?: string; headers?: object };
        body?: { value?: Uint8Array };
      };
      try {
        expected = Payload.toObject(Payload.decode(bad));
      } catch (err) {
        // that codec refuses strings that are not UTF-8; metadata strings are read leniently here (the
        // JSON body is checked by the dispatcher)
        if (!/utf-8/.test((err as Error).message)) expect(() => decodePayload(bad)).toThrow(PayloadError);
        continue;
      }
      let decoded: ReturnType<typeof decodePayload>;
      try {
        decoded = decodePayload(bad);
      } catch (err) {
        // field number 0 is invalid; the generated codec skips it, this reader refuses the message
        expect((err as Error).message).toMatch(/field number 0/);
        continue;
      }
      expect(decoded.type).toBe(expected.metadata?.type ?? '');
      expect(decoded.clientIp).toBe(expected.metadata?.clientIp ?? '');
      expect(decoded.headers).toEqual(expected.metadata?.headers ?? {});
      expect(Buffer.from(decoded.body).equals(Buffer.from(expected.body?.value ?? []))).toBe(true);
      compared++;
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('writes a server message as one gRPC frame holding what the .proto codec reads, for bodies of any size', () => {
    // byte lengths on both sides of each varint step (of the JSON and of the field holding it), and text
    // that is not ASCII
    const texts = ['', JSON.stringify({ content: 'é中'.repeat(40_000) })];
    for (const step of [128, 16_384, 2_097_152]) {
      for (let n = step - 4; n <= step + 1; n++) texts.push(`"${'x'.repeat(n - 2)}"`);
    }
    for (const json of texts) {
      const framed = encodeFramedPayload('ConfigQueryResponse', json);
      expect(framed[0]).toBe(0);
      expect(framed.readUInt32BE(1)).toBe(framed.length - 5);
      const message = framed.subarray(5);
      expect(message.equals(encodePayload('ConfigQueryResponse', json))).toBe(true);
      const decoded = Payload.toObject(Payload.decode(message), { defaults: true }) as {
        metadata: { type: string };
        body: { value: Uint8Array };
      };
      expect(decoded.metadata.type).toBe('ConfigQueryResponse');
      expect(Buffer.from(decoded.body.value).toString('utf8')).toBe(json);
    }
  });

  it('writes an answer whose start is already encoded as the same bytes as the whole text', () => {
    const head = Buffer.from('{"content":"é中 ' + 'x'.repeat(16_370) + '",');
    const tail = '"requestId":"r1","success":true}';
    expect(encodeFramedPayload('ConfigQueryResponse', tail, head)).toEqual(
      encodeFramedPayload('ConfigQueryResponse', head.toString('utf8') + tail),
    );
    expect(encodeFramedPayload('X', '', Buffer.from('{}'))).toEqual(encodeFramedPayload('X', '{}'));
  });
});
