// Copies the non-TypeScript files the server loads at run time (the gRPC .proto) next to the compiled code.
import { cpSync } from 'node:fs';

cpSync(
  new URL('./src/adapters/grpc-v2/proto/', import.meta.url),
  new URL('./dist/adapters/grpc-v2/proto/', import.meta.url),
  {
    recursive: true,
  },
);
