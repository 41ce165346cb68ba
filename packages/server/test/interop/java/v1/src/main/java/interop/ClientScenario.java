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
 * nacos-client 1.4 (HTTP) against a server at args[0] (host:port): config publish, get, listen, remove;
 * naming register, subscribe, deregister. Prints one JSON line per observation; the test judges them.
 */
public final class ClientScenario {
  private static final String GROUP = "DEFAULT_GROUP";

  public static void main(String[] args) throws Exception {
    Properties props = new Properties();
    props.put("serverAddr", args[0]);
    ConfigService configs = NacosFactory.createConfigService(props);
    String dataId = "java14.properties";
    Out.put("published", configs.publishConfig(dataId, GROUP, "a=1"));
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
    configs.publishConfig(dataId, GROUP, "a=2");
    Out.put("heard", waitFor(heard, "a=2", 40));
    Out.put("removed", configs.removeConfig(dataId, GROUP));
    Out.put("readAfterRemove", configs.getConfig(dataId, GROUP, 5000));

    NamingService naming = NacosFactory.createNamingService(props);
    String service = "java14-svc";
    BlockingQueue<String> lists = new LinkedBlockingQueue<>();
    naming.subscribe(service, event -> {
      if (event instanceof NamingEvent) lists.add(ips(((NamingEvent) event).getInstances()));
    });
    naming.registerInstance(service, "10.20.0.1", 8080);
    Out.put("pushedAfterRegister", waitFor(lists, "10.20.0.1:8080", 40));
    Out.put("listed", ips(naming.getAllInstances(service)));
    naming.deregisterInstance(service, "10.20.0.1", 8080);
    Out.put("pushedAfterDeregister", waitFor(lists, "", 40));
    configs.shutDown();
    naming.shutDown();
    System.exit(0);
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
