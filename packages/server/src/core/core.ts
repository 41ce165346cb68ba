import type { ConfigService } from './config/config-service.js';
import type { NamespaceService } from './namespace/namespace-service.js';

/** The domain services every adapter reaches; built once in app.ts. */
export interface Core {
  configs: ConfigService;
  namespaces: NamespaceService;
}
