export * from './console/envelope.js';
export * from './console/user.js';
export * from './console/namespace.js';
export * from './console/cluster.js';
export * from './console/config.js';
export * from './console/metrics.js';
export * from './console/naming.js';
export * from './console/transfer.js';
