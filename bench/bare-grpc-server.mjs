// The ceiling: a bare gRPC server on node:http2 (as tsnacos serves gRPC) on the nacos method paths that
// echoes each unary request's message and holds bi-streams open: as fast as one Node process can answer a
// gRPC call.
import http2 from 'node:http2';

const HEADERS = { ':status': 200, 'content-type': 'application/grpc' };
const server = http2.createServer();
server.on('stream', (stream, headers) => {
  stream.on('error', () => {});
  if (headers[':path'] === '/Request/request') {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      stream.respond(HEADERS, { waitForTrailers: true });
      stream.once('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0' }));
      // the request's own frame (length prefix and message) is the answer
      stream.end(Buffer.concat(chunks));
    });
  } else if (headers[':path'] === '/BiRequestStream/requestBiStream') {
    stream.respond(HEADERS);
    stream.on('data', () => {});
  } else {
    stream.respond({ ...HEADERS, 'grpc-status': '12' }, { endStream: true });
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1');
