// Holds `COUNT` idle gRPC connections to `ADDRESS` until stdin closes (a child of grpc-idle.ts, so the
// client side does not weigh on the measuring process). With BARE=1 it only does what any gRPC client
// does (one unary call, one open bi-stream with one message), for the bare server.
import { BenchConnection, openMany } from './grpc-client.js';
import { encodePayload } from '../packages/server/src/adapters/grpc-v2/payload.js';

const bare = async (c: BenchConnection) => {
  await c.request(encodePayload('ServerCheckRequest', { headers: {}, module: 'internal' }));
  c.openBareStream();
};
const conns = await openMany(process.env.ADDRESS!, Number(process.env.COUNT), 100, process.env.BARE ? bare : undefined);
process.stdout.write(`ready ${conns.length}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  for (const c of conns) c.close();
  process.exit(0);
});
