import { nacosInstanceJson } from '../http-common/nacos-instance-json.js';
import { groupedName, type Instance, type ServiceKey } from '../../core/naming/naming-model.js';

/** An instance as nacos's `Instance` serializes in the v3 answers (list, detail). */
export const hostV3Json = nacosInstanceJson;

/** A registry instance, with the timings nacos adds to its `Instance`. */
export function instanceV3Json(key: ServiceKey, i: Instance) {
  return {
    ...hostV3Json(i, groupedName(key)),
    instanceHeartBeatInterval: i.beatInterval,
    instanceHeartBeatTimeOut: i.beatTimeout,
    ipDeleteTimeout: i.deleteTimeout,
  };
}
