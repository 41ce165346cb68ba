import { DEFAULT_GROUP } from '../../../core/naming/naming-model.js';
import type { NamingService } from '../../../core/naming/naming-service.js';
import { canonicalNamespace } from '../../../core/naming/naming-validation.js';
import { invalid } from '../../../shared/errors.js';
import { numberField, optionalString } from '../body-fields.js';
import type { GrpcHandler } from '../grpc-handler.js';
import { namingAccess } from './naming-request.js';

function pageField(value: number, name: string, max: number): number {
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw invalid(`${name} must be a whole number from 1 to ${max}`);
  return value;
}

/**
 * `ServiceListRequest` -> `ServiceListResponse`: one page of the names (without group) of a group's
 * services, and how many there are in all. The label selector is ignored, as nacos does.
 */
export function serviceListHandler(naming: NamingService): GrpcHandler {
  return {
    responseType: 'ServiceListResponse',
    access: namingAccess('read'),
    handle(body) {
      const namespaceId = canonicalNamespace(optionalString(body, 'namespace'));
      const groupName = optionalString(body, 'groupName')?.trim() || DEFAULT_GROUP;
      const pageNo = pageField(numberField(body, 'pageNo', 1), 'pageNo', 1_000_000);
      const pageSize = pageField(numberField(body, 'pageSize', 10), 'pageSize', 10_000);
      const names = naming.serviceNames(namespaceId, groupName);
      return { count: names.length, serviceNames: names.slice((pageNo - 1) * pageSize, pageNo * pageSize) };
    },
  };
}
