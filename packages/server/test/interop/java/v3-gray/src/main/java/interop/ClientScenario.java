package interop;

import com.alibaba.nacos.api.NacosFactory;
import com.alibaba.nacos.api.config.ConfigService;
import com.alibaba.nacos.api.config.listener.AbstractListener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * nacos-client 3.1, or 2.5 (java/v2-gray builds this file), over gRPC against a server at args[0] (host:port), listening to one config while the test
 * publishes and stops gray releases of it: prints what it read first (`read`), every change its listener
 * hears (`heard1`, `heard2`, ...), and what it reads once the file args[1] exists (`final`). args[2], when
 * given, is the client's `nacos.app.conn.labels` (e.g. `Vipserver-Tag=blue`). The IP it reports is the JVM's
 * `com.alibaba.nacos.client.local.ip`, set by the test.
 */
public final class ClientScenario {
  private static final String DATA_ID = "gray-java.yaml";
  private static final String GROUP = "GRAY";

  public static void main(String[] args) throws Exception {
    Properties props = new Properties();
    props.put("serverAddr", args[0]);
    if (args.length > 2) props.put("nacos.app.conn.labels", args[2]);
    ConfigService configs = NacosFactory.createConfigService(props);

    AtomicInteger heard = new AtomicInteger();
    String first =
        configs.getConfigAndSignListener(
            DATA_ID,
            GROUP,
            5000,
            new AbstractListener() {
              @Override
              public void receiveConfigInfo(String content) {
                Out.put("heard" + heard.incrementAndGet(), content);
              }
            });
    Out.put("read", first);
    Out.put("listening", true);

    Path stop = Path.of(args[1]);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (!Files.exists(stop) && System.nanoTime() < deadline) Thread.sleep(100);
    Out.put("final", configs.getConfig(DATA_ID, GROUP, 5000));
    configs.shutDown();
    System.exit(0);
  }
}
