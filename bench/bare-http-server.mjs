// The ceiling: a bare node:http server answering a constant, as fast as one Node process can answer.
// BARE_BODY replaces the constant, so a ceiling can send the same bytes as the server it is compared with.
import { createServer } from 'node:http';

const body = process.env.BARE_BODY ?? 'a: 1\nb: 2\n';
const type = body.startsWith('{') ? 'application/json;charset=UTF-8' : 'text/plain;charset=UTF-8';
createServer((_req, res) => {
  res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
