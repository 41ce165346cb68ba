import type { ApiAccessGuard } from './auth/api-access.js';
import type { ConfigService } from './config/config-service.js';
import type { NamespaceService } from './namespace/namespace-service.js';
import type { NamingService } from './naming/naming-service.js';

/** The domain services every adapter reaches; built once in app.ts. */
export interface Core {
  configs: ConfigService;
  namespaces: NamespaceService;
  /** The service registry: instances, services, subscribers, "service changed" events. */
  naming: NamingService;
  /** Guards the SDK doors (HTTP v1, gRPC); open unless OpenAPI auth is enabled. */
  apiAccess: ApiAccessGuard;
}
