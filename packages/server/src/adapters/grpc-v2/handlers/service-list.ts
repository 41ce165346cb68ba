import { DEFAULT_GROUP } from '../../../core/naming/naming-model.js';
import type { NamingService } from '../../../core/naming/naming-service.js';
import { pageOfNames } from '../../../core/naming/service-name-page.js';
import { canonicalNamespace } from '../../../core/naming/naming-validation.js';
import { invalid } from '../../../shared/errors.js';
import { numberField, optionalString } from '../body-fields.js';
import type { GrpcHandler } from '../grpc-handler.js';
import { namingAccess } from './naming-request.js';

function pageField(value: number, name: string): number {
  if (!Number.isInteger(value)) throw invalid(`${name} must be a whole number`);
  return value;
}

/**
 * `ServiceListRequest` -> `ServiceListResponse`: one page of the names (without group) of a group's
 * services, and how many there are in all, paged as nacos pages them (`pageOfNames`). The label selector is
 * ignored, as nacos does.
 */
export function serviceListHandler(naming: NamingService): GrpcHandler {
  return {
    responseType: 'ServiceListResponse',
    access: namingAccess('read'),
    handle(body) {
      const namespaceId = canonicalNamespace(optionalString(body, 'namespace'));
      const groupName = optionalString(body, 'groupName')?.trim() || DEFAULT_GROUP;
      const pageNo = pageField(numberField(body, 'pageNo', 1), 'pageNo');
      const pageSize = pageField(numberField(body, 'pageSize', 10), 'pageSize');
      const names = naming.serviceNames(namespaceId, groupName);
      return { count: names.length, serviceNames: pageOfNames(names, pageNo, pageSize) };
    },
  };
}
