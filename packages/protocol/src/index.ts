export * from './console/envelope.js';
