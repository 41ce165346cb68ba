package interop;

import com.alibaba.nacos.api.config.model.ConfigBasicInfo;
import com.alibaba.nacos.api.config.model.ConfigDetailInfo;
import com.alibaba.nacos.api.config.model.ConfigHistoryBasicInfo;
import com.alibaba.nacos.api.exception.NacosException;
import com.alibaba.nacos.api.model.Page;
import com.alibaba.nacos.api.naming.pojo.Instance;
import com.alibaba.nacos.api.naming.pojo.Service;
import com.alibaba.nacos.api.naming.pojo.maintainer.ServiceDetailInfo;
import com.alibaba.nacos.maintainer.client.config.ConfigMaintainerService;
import com.alibaba.nacos.maintainer.client.naming.NamingMaintainerFactory;
import com.alibaba.nacos.maintainer.client.naming.NamingMaintainerService;
import com.alibaba.nacos.maintainer.client.NacosMaintainerFactory;
import java.util.List;
import java.util.Properties;

/**
 * nacos-maintainer-client 3.1 (the admin SDK, HTTP /nacos/v3/admin) against a server at args[0] with
 * OpenAPI auth on, as args[1]/args[2]: a namespace, a config with its history, a service with an
 * instance, the cluster nodes. Prints one JSON line per observation; the test judges them.
 */
public final class ClientScenario {
  private static final String NS = "maint-ns";
  private static final String GROUP = "MAINT_GROUP";

  public static void main(String[] args) throws Exception {
    Properties props = new Properties();
    props.put("serverAddr", args[0]);
    props.put("username", args[1]);
    props.put("password", args[2]);

    ConfigMaintainerService configs = NacosMaintainerFactory.createConfigMaintainerService(props);
    Out.put("namespaceCreated", configs.createNamespace(NS, "Maintained", "by the admin SDK"));
    Out.put("namespaceExists", configs.checkNamespaceIdExist(NS));
    Out.put("namespaceName", configs.getNamespace(NS).getNamespaceShowName());
    Out.put("namespaceCount", configs.getNamespaceList().size());

    String dataId = "maint.yaml";
    Out.put("published", configs.publishConfig(dataId, GROUP, NS, "a: 1"));
    configs.publishConfig(dataId, GROUP, NS, "a: 2", "second", "yaml");
    ConfigDetailInfo detail = configs.getConfig(dataId, GROUP, NS);
    Out.put("read", detail.getContent() + " " + detail.getType() + " " + detail.getDesc());
    Page<ConfigBasicInfo> found =
        configs.searchConfigByDetails("maint", GROUP, NS, "blur", null, null, null, null, 1, 10);
    Out.put("searched", found.getTotalCount() + " " + found.getPageItems().get(0).getDataId());
    Page<ConfigHistoryBasicInfo> history = configs.listConfigHistory(dataId, GROUP, NS, 1, 10);
    Out.put("history", history.getTotalCount() + " " + history.getPageItems().get(0).getOpType().trim());
    Out.put("deleted", configs.deleteConfig(dataId, GROUP, NS));
    try {
      configs.getConfig(dataId, GROUP, NS);
      Out.put("readAfterDelete", "found");
    } catch (NacosException e) {
      Out.put("readAfterDelete", e.getErrCode());
    }

    NamingMaintainerService naming = NamingMaintainerFactory.createNamingMaintainerService(props);
    Service service = new Service();
    service.setName("maint-svc");
    service.setNamespaceId(NS);
    service.setGroupName(GROUP);
    service.setProtectThreshold(0.3f);
    Out.put("serviceCreated", naming.createService(service));
    Instance instance = new Instance();
    instance.setIp("10.30.0.1");
    instance.setPort(7001);
    instance.setClusterName("DEFAULT");
    instance.setEphemeral(false);
    Out.put("registered", naming.registerInstance(service, instance));
    List<Instance> listed = naming.listInstances(service, "", false);
    Out.put("listed", listed.size() + " " + listed.get(0).getIp() + ":" + listed.get(0).getPort());
    ServiceDetailInfo serviceDetail = naming.getServiceDetail(service);
    Out.put("serviceDetail", serviceDetail.getServiceName() + " " + serviceDetail.getProtectThreshold());
    instance.setWeight(3.0);
    Out.put("updated", naming.updateInstance(service, instance));
    Out.put("weight", naming.getInstanceDetail(service, instance).getWeight());
    Out.put("deregistered", naming.deregisterInstance(service, instance));
    Out.put("serviceRemoved", naming.removeService(service));

    Out.put("nodes", configs.listClusterNodes(null, null).size());
    Out.put("stateHasVersion", configs.getServerState().containsKey("version"));
    Out.put("namespaceDeleted", configs.deleteNamespace(NS));
    configs.shutdown();
    naming.shutdown();
    System.exit(0);
  }
}
