import type {
  InstanceParams,
  ServiceKeyParam,
  ServiceListParam,
  ServiceParam,
  SubscriberListParam,
} from '@tsnacos/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Core } from '../../core/core.js';
import type { InstanceInput, ServiceKey, ServiceSettings } from '../../core/naming/naming-model.js';
import { canonicalNamespace, parseServiceKey } from '../../core/naming/naming-validation.js';
import { NacosError, invalid } from '../../shared/errors.js';
import { parseMetadata, parseSelector } from '../http-v1/naming-params.js';
import { namespaced } from './console-namespaces.js';
import { API } from './console-paths.js';
import {
  decimal,
  flag,
  inputOf,
  optionalText,
  pageOf,
  requiredText,
  text,
  wholeNumber,
  type Input,
} from './console-input.js';
import { ConsoleError, ok, sendTextError } from './envelope.js';
import { instanceDto, instanceVo, serviceDto, subscriberDto } from './naming-dto.js';

/** Every route here names one namespace, `namespaceId` (default "public"), as `serviceKeyOf` reads it. */
const IN_NAMESPACE = namespaced({
  name: 'namespaceId',
  read: (req) => [canonicalNamespace(text(inputOf<ServiceKeyParam>(req), 'namespaceId'))],
});

/** The service of a request (default namespace "public"). */
function serviceKeyOf(input: Input<ServiceKeyParam>): ServiceKey {
  return parseServiceKey({
    namespaceId: text(input, 'namespaceId'),
    groupName: text(input, 'groupName'),
    serviceName: text(input, 'serviceName'),
  });
}

/** Metadata as a JSON object, a JSON string of one, or `k=v,k2=v2`. */
function metadataOf(input: Input<InstanceParams | ServiceParam>): Record<string, string> | undefined {
  const value = input.metadata;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return parseMetadata(JSON.stringify(value));
  return parseMetadata(text(input, 'metadata'));
}

function serviceSettingsOf(input: Input<ServiceParam>): Partial<ServiceSettings> {
  const settings: Partial<ServiceSettings> = {};
  const threshold = decimal(input, 'protectThreshold', 0, 1);
  if (threshold !== undefined) settings.protectThreshold = threshold;
  const metadata = metadataOf(input);
  if (metadata !== undefined) settings.metadata = metadata;
  const value = input.selector;
  const selector = parseSelector(
    typeof value === 'object' && value !== null ? JSON.stringify(value) : text(input, 'selector'),
  );
  if (selector !== undefined) settings.selector = selector;
  return settings;
}

/** `ephemeral` comes as "true"/"false" text from the console; absent means ephemeral. */
function instanceOf(input: Input<InstanceParams>): InstanceInput {
  const port = wholeNumber(input, 'port', 1, 65535);
  if (port === undefined) throw invalid('port is required');
  const ephemeral = optionalText(input, 'ephemeral');
  return {
    ip: requiredText(input, 'ip'),
    port,
    clusterName: optionalText(input, 'clusterName'),
    weight: decimal(input, 'weight', 0, 10_000),
    enabled: flag(input, 'enabled'),
    ephemeral: ephemeral === undefined ? undefined : ephemeral.toLowerCase() === 'true',
    metadata: metadataOf(input),
  };
}

const contains = (value: string, part: string | undefined) => !part || value.includes(part);

/** Services, their instances and subscribers for the console (v2, plus the raw v1 lists). */
export function registerNamingRoutes(app: FastifyInstance, core: Core): void {
  const { naming } = core;

  const services = (req: FastifyRequest) => {
    const input = inputOf<ServiceListParam>(req);
    const namespaceId = canonicalNamespace(text(input, 'namespaceId'));
    const group = optionalText(input, 'groupNameParam');
    const name = optionalText(input, 'serviceNameParam');
    const page = pageOf(input);
    const all = naming
      .listServices({ namespaceId })
      .filter((s) => contains(s.key.groupName, group) && contains(s.key.serviceName, name));
    return { total: all.length, items: all.slice(page.offset, page.offset + page.pageSize).map(serviceDto) };
  };

  const subscribers = (req: FastifyRequest) => {
    const input = inputOf<SubscriberListParam>(req);
    const namespaceId = canonicalNamespace(text(input, 'namespaceId'));
    const group = optionalText(input, 'groupNameParam') ?? optionalText(input, 'groupName');
    const name = optionalText(input, 'serviceNameParam') ?? optionalText(input, 'serviceName');
    const page = pageOf(input);
    const all = naming
      .listSubscribers({ namespaceId })
      .filter((s) => contains(s.key.groupName, group) && contains(s.key.serviceName, name));
    return { total: all.length, items: all.slice(page.offset, page.offset + page.pageSize).map(subscriberDto) };
  };

  const instances = (req: FastifyRequest) => {
    const key = serviceKeyOf(inputOf<ServiceKeyParam>(req));
    const list = naming.listInstances(key).map((i) => instanceDto(key, i));
    return { total: list.length, items: list };
  };

  app.get(`${API}/v2/service/list`, IN_NAMESPACE, async (req) => {
    const { total, items } = services(req);
    return ok({ totalCount: total, list: items });
  });
  app.get(`${API}/v2/service/subscriber/list`, IN_NAMESPACE, async (req) => {
    const { total, items } = subscribers(req);
    return ok({ totalCount: total, list: items });
  });

  const saveService = async (req: FastifyRequest) => {
    const input = inputOf<ServiceParam>(req);
    const key = serviceKeyOf(input);
    const settings = serviceSettingsOf(input);
    // an upsert: whether the service exists is the store's answer
    await naming.updateService(key, settings).catch((err: unknown) => {
      if (err instanceof NacosError && err.kind === 'not_found') return naming.createService(key, settings);
      throw err;
    });
    return ok(true);
  };
  app.post(`${API}/v2/service/add`, IN_NAMESPACE, saveService);
  app.post(`${API}/v2/service/update`, IN_NAMESPACE, saveService);
  app.post(`${API}/v2/service/remove`, IN_NAMESPACE, async (req) => {
    const key = serviceKeyOf(inputOf<ServiceKeyParam>(req));
    // removing an unknown service succeeds
    await naming.removeService(key).catch((err: unknown) => {
      if (!(err instanceof NacosError && err.kind === 'not_found')) throw err;
    });
    return ok(true);
  });

  app.get(`${API}/v2/instance/list`, IN_NAMESPACE, async (req) => {
    const { total, items } = instances(req);
    return ok({ totalCount: total, list: items });
  });
  app.get(`${API}/v2/instance/info`, IN_NAMESPACE, async (req) => {
    const input = inputOf<InstanceParams>(req);
    const key = serviceKeyOf(input);
    const ref = instanceOf(input);
    const instance = naming.getInstance(key, ref);
    if (!instance) throw new ConsoleError('NOT_FOUND', `instance ${ref.ip}:${ref.port} not found`);
    return ok(instanceVo(key, instance));
  });
  // Registers when absent; otherwise changes only the fields sent (the online/offline switch sends `enabled`).
  const saveInstance = async (req: FastifyRequest) => {
    const input = inputOf<InstanceParams>(req);
    const key = serviceKeyOf(input);
    await naming.updateInstance(key, instanceOf(input));
    return ok(true);
  };
  app.post(`${API}/v2/instance/add`, IN_NAMESPACE, saveInstance);
  app.post(`${API}/v2/instance/update`, IN_NAMESPACE, saveInstance);
  app.post(`${API}/v2/instance/remove`, IN_NAMESPACE, async (req) => {
    const input = inputOf<InstanceParams>(req);
    await naming.deregisterInstance(serviceKeyOf(input), instanceOf(input));
    return ok(true);
  });

  // Legacy v1 lists: bare objects, failures as plain text (401 for a namespace denial).
  const raw =
    (work: (req: FastifyRequest) => { total: number; items: unknown[] }, listName: string) =>
    async (req: FastifyRequest) => {
      const { total, items } = work(req);
      return { count: total, [listName]: items };
    };
  const v1 = { ...IN_NAMESPACE, errorHandler: sendTextError };
  app.get(`${API}/ns/services`, v1, raw(services, 'serviceList'));
  app.get(`${API}/instances`, v1, raw(instances, 'list'));
  app.get(`${API}/ns/service/subscribers`, v1, raw(subscribers, 'subscribers'));
}
