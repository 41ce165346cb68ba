#!/usr/bin/env python3
"""
Drives the official nacos-sdk-python (its v2 gRPC client) for the interop tests.

Protocol: one JSON command per stdin line, {"id": n, "cmd": "...", "args": {...}}; one JSON reply per
stdout line, {"id": n, "ok": true, "result": ...} or {"id": n, "ok": false, "error": "..."}. Listener and
subscription callbacks are written as {"event": "...", ...} lines. Several clients can live in one driver;
each command names its client with args["client"].
"""
import asyncio
import json
import os
import sys
import traceback

from v2.nacos import (BatchRegisterInstanceParam, ClientConfigBuilder, ConfigParam, DeregisterInstanceParam,
                      GRPCConfig, ListInstanceParam, ListServiceParam, NacosConfigService, NacosNamingService,
                      RegisterInstanceParam, SubscribeServiceParam)

clients = {}


def emit(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def instance_json(instance):
    return {
        "ip": instance.ip,
        "port": instance.port,
        "clusterName": instance.clusterName,
        "healthy": instance.healthy,
        "ephemeral": instance.ephemeral,
        "weight": instance.weight,
        "metadata": instance.metadata,
    }


def client_config(args):
    builder = (ClientConfigBuilder()
               .server_address(args["server"])
               .namespace_id(args.get("namespace", ""))
               .log_level(args.get("logLevel", "WARNING"))
               .log_dir(args["logDir"])
               .cache_dir(args["cacheDir"])
               .grpc_config(GRPCConfig(grpc_timeout=5000)))
    if args.get("username"):
        builder = builder.username(args["username"]).password(args.get("password", ""))
    config = builder.build()
    # Apply empty instance lists too (the SDK ignores them by default): the tests watch instances leave.
    config.set_update_cache_when_empty(True)
    return config


async def create_config(args):
    clients[args["client"]] = await NacosConfigService.create_config_service(client_config(args))


async def create_naming(args):
    clients[args["client"]] = await NacosNamingService.create_naming_service(client_config(args))


async def config_get(args):
    return await clients[args["client"]].get_config(ConfigParam(data_id=args["dataId"], group=args["group"]))


async def config_publish(args):
    param = ConfigParam(data_id=args["dataId"], group=args["group"], content=args["content"],
                        type=args.get("type", ""), cas_md5=args.get("casMd5", ""))
    return await clients[args["client"]].publish_config(param)


async def config_remove(args):
    return await clients[args["client"]].remove_config(ConfigParam(data_id=args["dataId"], group=args["group"]))


async def config_listen(args):
    name = args["client"]

    async def listener(tenant, group, data_id, content):
        emit({"event": "config", "client": name, "dataId": data_id, "group": group, "content": content})

    await clients[name].add_listener(args["dataId"], args["group"], listener)


def register_param(args, instance):
    return RegisterInstanceParam(service_name=args["service"], group_name=args.get("group", "DEFAULT_GROUP"),
                                 ip=instance["ip"], port=instance["port"],
                                 cluster_name=instance.get("clusterName", ""),
                                 weight=instance.get("weight", 1.0), metadata=instance.get("metadata", {}),
                                 ephemeral=instance.get("ephemeral", True))


async def naming_register(args):
    return await clients[args["client"]].register_instance(register_param(args, args["instance"]))


async def naming_deregister(args):
    instance = args["instance"]
    param = DeregisterInstanceParam(service_name=args["service"], group_name=args.get("group", "DEFAULT_GROUP"),
                                    ip=instance["ip"], port=instance["port"],
                                    cluster_name=instance.get("clusterName", ""),
                                    ephemeral=instance.get("ephemeral", True))
    return await clients[args["client"]].deregister_instance(param)


async def naming_batch_register(args):
    param = BatchRegisterInstanceParam(service_name=args["service"], group_name=args.get("group", "DEFAULT_GROUP"),
                                       instances=[register_param(args, i) for i in args["instances"]])
    return await clients[args["client"]].batch_register_instances(param)


async def naming_list(args):
    param = ListInstanceParam(service_name=args["service"], group_name=args.get("group", "DEFAULT_GROUP"),
                              clusters=args.get("clusters", []), subscribe=args.get("subscribe", False),
                              healthy_only=args.get("healthyOnly"))
    return [instance_json(i) for i in await clients[args["client"]].list_instances(param)]


async def naming_subscribe(args):
    name = args["client"]
    service = args["service"]

    async def callback(instances):
        emit({"event": "naming", "client": name, "service": service,
              "instances": [instance_json(i) for i in instances or []]})

    param = SubscribeServiceParam(service_name=service, group_name=args.get("group", "DEFAULT_GROUP"),
                                  clusters=args.get("clusters", []), subscribe_callback=callback)
    await clients[name].subscribe(param)


async def naming_services(args):
    result = await clients[args["client"]].list_services(
        ListServiceParam(group_name=args.get("group", "DEFAULT_GROUP"), page_no=1, page_size=100))
    return {"count": result.count, "services": result.services}


async def shutdown(args):
    client = clients.pop(args["client"], None)
    if client is not None:
        await client.shutdown()


COMMANDS = {
    "config.create": create_config,
    "config.get": config_get,
    "config.publish": config_publish,
    "config.remove": config_remove,
    "config.listen": config_listen,
    "naming.create": create_naming,
    "naming.register": naming_register,
    "naming.deregister": naming_deregister,
    "naming.batchRegister": naming_batch_register,
    "naming.list": naming_list,
    "naming.subscribe": naming_subscribe,
    "naming.services": naming_services,
    "shutdown": shutdown,
}


async def run(command):
    try:
        result = await COMMANDS[command["cmd"]](command.get("args", {}))
        emit({"id": command["id"], "ok": True, "result": result})
    except Exception as error:  # reported to the test, which decides
        emit({"id": command["id"], "ok": False, "error": f"{type(error).__name__}: {error}",
              "trace": traceback.format_exc()})


async def main():
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    emit({"event": "ready", "pid": os.getpid()})
    tasks = set()
    while True:
        line = await reader.readline()
        if not line:
            break
        task = asyncio.create_task(run(json.loads(line)))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    for client in list(clients.values()):
        try:
            await asyncio.wait_for(client.shutdown(), 2)
        except Exception:
            pass


if __name__ == "__main__":
    asyncio.run(main())
