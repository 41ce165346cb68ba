package interop;

import com.alibaba.nacos.api.NacosFactory;
import com.alibaba.nacos.api.config.ConfigService;
import com.alibaba.nacos.api.config.listener.Listener;
import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.listener.NamingEvent;
import com.alibaba.nacos.api.naming.pojo.Instance;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * nacos-client 2.5 (gRPC) against a server at args[0] (host:port): config publish, get, listen, remove;
 * two namespaces kept apart; naming register, select one healthy instance, subscribe, deregister.
 * Prints one JSON line per observation; the test judges them.
 */
public final class ClientScenario {
  private static final String GROUP = "DEFAULT_GROUP";

  public static void main(String[] args) throws Exception {
    Properties props = new Properties();
    props.put("serverAddr", args[0]);
    Properties other = new Properties();
    other.putAll(props);
    other.put("namespace", "java-ns2");

    ConfigService configs = NacosFactory.createConfigService(props);
    String dataId = "java25.yaml";
    Out.put("published", configs.publishConfig(dataId, GROUP, "k: 1"));
    Out.put("read", configs.getConfig(dataId, GROUP, 5000));
    BlockingQueue<String> heard = new LinkedBlockingQueue<>();
    configs.addListener(dataId, GROUP, new Listener() {
      @Override
      public Executor getExecutor() {
        return null;
      }

      @Override
      public void receiveConfigInfo(String content) {
        heard.add(content);
      }
    });
    configs.publishConfig(dataId, GROUP, "k: 2");
    Out.put("heard", waitFor(heard, "k: 2", 20));
    Out.put("removed", configs.removeConfig(dataId, GROUP));
    Out.put("readAfterRemove", configs.getConfig(dataId, GROUP, 5000));

    ConfigService otherConfigs = NacosFactory.createConfigService(other);
    configs.publishConfig("java25-shared", GROUP, "in public");
    otherConfigs.publishConfig("java25-shared", GROUP, "in java-ns2");
    Out.put("readDefaultNamespace", configs.getConfig("java25-shared", GROUP, 5000));
    Out.put("readOtherNamespace", otherConfigs.getConfig("java25-shared", GROUP, 5000));

    String service = "java25-svc";
    NamingService provider = NacosFactory.createNamingService(props);
    provider.registerInstance(service, GROUP, instance("10.30.0.1", true));
    NamingService sickProvider = NacosFactory.createNamingService(props);
    sickProvider.registerInstance(service, GROUP, instance("10.30.0.2", false));

    // A consumer that never subscribed: the select subscribes (the server answers, then pushes the service);
    // choosing among healthy instances must not shrink what the client lists afterwards.
    NamingService consumer = NacosFactory.createNamingService(props);
    Instance chosen = consumer.selectOneHealthyInstance(service);
    Out.put("selected", chosen.getIp() + ":" + chosen.getPort());
    Thread.sleep(1500);
    Out.put("allAfterSelect", ips(consumer.getAllInstances(service)));

    BlockingQueue<String> lists = new LinkedBlockingQueue<>();
    consumer.subscribe(service, event -> {
      if (event instanceof NamingEvent) lists.add(ips(((NamingEvent) event).getInstances()));
    });
    provider.deregisterInstance(service, "10.30.0.1", 8080);
    Out.put("pushedAfterDeregister", waitFor(lists, "10.30.0.2:8080", 20));

    NamingService otherProvider = NacosFactory.createNamingService(other);
    otherProvider.registerInstance(service, "10.40.0.1", 8080);
    Out.put("listedOtherNamespace", ips(otherProvider.getAllInstances(service)));
    Out.put("listedDefaultNamespace", ips(consumer.getAllInstances(service, false)));

    configs.shutDown();
    otherConfigs.shutDown();
    provider.shutDown();
    sickProvider.shutDown();
    consumer.shutDown();
    otherProvider.shutDown();
    System.exit(0);
  }

  static Instance instance(String ip, boolean healthy) {
    Instance i = new Instance();
    i.setIp(ip);
    i.setPort(8080);
    i.setHealthy(healthy);
    return i;
  }

  static String ips(List<Instance> instances) {
    return instances.stream().map(i -> i.getIp() + ":" + i.getPort()).sorted().collect(Collectors.joining(","));
  }

  /** The wanted value once it arrives, else the last value seen (or null) after the timeout. */
  static String waitFor(BlockingQueue<String> queue, String wanted, int seconds) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    String last = null;
    while (System.nanoTime() < deadline) {
      String value = queue.poll(200, TimeUnit.MILLISECONDS);
      if (value == null) continue;
      last = value;
      if (value.equals(wanted)) return value;
    }
    return last;
  }
}
