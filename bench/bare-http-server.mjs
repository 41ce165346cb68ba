// The ceiling: a bare node:http server answering a constant, as fast as one Node process can answer.
import { createServer } from 'node:http';

const body = 'a: 1\nb: 2\n';
createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain;charset=UTF-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
