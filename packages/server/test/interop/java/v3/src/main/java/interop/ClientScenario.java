package interop;

import com.alibaba.nacos.api.NacosFactory;
import com.alibaba.nacos.api.config.ConfigService;
import com.alibaba.nacos.api.config.listener.ConfigFuzzyWatchChangeEvent;
import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.listener.FuzzyWatchChangeEvent;
import java.util.Properties;
import java.util.TreeSet;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * nacos-client 3.1 (gRPC) against a server at args[0] (host:port): config and naming fuzzy watch (the
 * initial keys, an addition, a removal), the whole service list as Spring Cloud asks for it, and shutdown.
 * Prints one JSON line per observation; the test judges them.
 */
public final class ClientScenario {
  private static final String GROUP = "FZ";

  public static void main(String[] args) throws Exception {
    // The 3.x config worker runs its listen loop and its fuzzy-watch loop on a pool sized by the core count
    // and waits there for the fuzzy-watch task: on 2 cores both threads wait and fuzzy watch never starts.
    System.setProperty("nacos.common.processors", "4");
    Properties props = new Properties();
    props.put("serverAddr", args[0]);

    ConfigService configs = NacosFactory.createConfigService(props);
    configs.publishConfig("fz-a.yaml", GROUP, "a");
    configs.publishConfig("other.yaml", GROUP, "o");
    BlockingQueue<String> configEvents = new LinkedBlockingQueue<>();
    var configWatcher = new com.alibaba.nacos.api.config.listener.AbstractFuzzyWatchEventWatcher() {
      @Override
      public void onEvent(ConfigFuzzyWatchChangeEvent event) {
        configEvents.add(event.getChangedType() + " " + event.getDataId());
      }
    };
    var initialConfigs = configs.fuzzyWatchWithGroupKeys("fz-*", GROUP, configWatcher).get(20, TimeUnit.SECONDS);
    Out.put("configKeys", String.join(",", new TreeSet<>(initialConfigs)));
    configs.publishConfig("fz-b.yaml", GROUP, "b");
    Out.put("configAdded", waitFor(configEvents, "ADD_CONFIG fz-b.yaml", 20));
    configs.removeConfig("fz-a.yaml", GROUP);
    Out.put("configDeleted", waitFor(configEvents, "DELETE_CONFIG fz-a.yaml", 20));

    NamingService naming = NacosFactory.createNamingService(props);
    naming.registerInstance("fz-orders", GROUP, "10.50.0.1", 8080);
    BlockingQueue<String> namingEvents = new LinkedBlockingQueue<>();
    var namingWatcher = new com.alibaba.nacos.api.naming.listener.AbstractFuzzyWatchEventWatcher() {
      @Override
      public Executor getExecutor() {
        return null;
      }

      @Override
      public void onEvent(FuzzyWatchChangeEvent event) {
        namingEvents.add(event.getChangeType() + " " + event.getServiceName());
      }
    };
    var initialServices =
        naming.fuzzyWatchWithServiceKeys("fz-*", GROUP, namingWatcher).get(20, TimeUnit.SECONDS);
    Out.put("serviceKeys", String.join(",", new TreeSet<>(initialServices.getData())));
    NamingService provider = NacosFactory.createNamingService(props);
    provider.registerInstance("fz-billing", GROUP, "10.50.0.2", 8080);
    Out.put("serviceAdded", waitFor(namingEvents, "ADD_SERVICE fz-billing", 20));
    provider.deregisterInstance("fz-billing", GROUP, "10.50.0.2", 8080);
    Out.put("serviceDeleted", waitFor(namingEvents, "DELETE_SERVICE fz-billing", 20));

    // what Spring Cloud Alibaba's DiscoveryClient.getServices() asks
    Out.put("allServices", naming.getServicesOfServer(1, Integer.MAX_VALUE, GROUP).getCount());

    configs.shutDown();
    provider.shutDown();
    naming.shutDown();
    // the transport logs what arrives on streams it already closed: give it the time to arrive
    Thread.sleep(1500);
    Out.put("done", true);
    System.exit(0);
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
