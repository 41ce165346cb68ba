// The ceiling: a bare @grpc/grpc-js server on the nacos method paths that echoes each request's bytes,
// as fast as one Node process can answer a gRPC call.
import * as grpc from '@grpc/grpc-js';

const raw = (b) => b;
const method = (path, stream) => ({
  path,
  requestStream: stream,
  responseStream: stream,
  requestSerialize: raw,
  requestDeserialize: raw,
  responseSerialize: raw,
  responseDeserialize: raw,
});
const server = new grpc.Server({ 'grpc.max_receive_message_length': 10 * 1024 * 1024 });
server.addService({ request: method('/Request/request', false) }, { request: (call, cb) => cb(null, call.request) });
server.addService({ requestBiStream: method('/BiRequestStream/requestBiStream', true) }, { requestBiStream: () => {} });
server.bindAsync(`127.0.0.1:${process.env.PORT}`, grpc.ServerCredentials.createInsecure(), (err) => {
  if (err) throw err;
});
