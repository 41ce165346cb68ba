package interop;

import com.alibaba.nacos.api.NacosFactory;
import com.alibaba.nacos.api.config.ConfigService;
import com.alibaba.nacos.api.config.listener.Listener;
import java.util.Properties;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * nacos-client 2.5 (gRPC) with an encryption plugin against a server at args[0]: one client publishes an
 * encrypted config, a second client (its own cache) reads and decrypts it, and hears the next change.
 * With `read` as args[1], a fresh client only reads and decrypts it (after a restart of the server).
 * Prints one JSON line per observation; the test judges them and what the server stored.
 */
public final class ClientScenario {
  private static final String GROUP = "DEFAULT_GROUP";
  private static final String DATA_ID = "cipher-aes-secret.properties";

  public static void main(String[] args) throws Exception {
    Properties props = new Properties();
    props.put("serverAddr", args[0]);
    if (args.length > 1 && args[1].equals("read")) {
      // a fresh client (its own cache): what the server kept is all it has to decrypt from
      ConfigService fresh = NacosFactory.createConfigService(props);
      Out.put("readAgain", fresh.getConfig(DATA_ID, GROUP, 5000));
      fresh.shutDown();
      System.exit(0);
    }
    ConfigService writer = NacosFactory.createConfigService(props);
    Out.put("published", writer.publishConfig(DATA_ID, GROUP, "password=s3cret"));

    Properties readerProps = new Properties();
    readerProps.putAll(props);
    ConfigService reader = NacosFactory.createConfigService(readerProps);
    Out.put("read", reader.getConfig(DATA_ID, GROUP, 5000));
    BlockingQueue<String> heard = new LinkedBlockingQueue<>();
    reader.addListener(DATA_ID, GROUP, new Listener() {
      @Override
      public Executor getExecutor() {
        return null;
      }

      @Override
      public void receiveConfigInfo(String content) {
        heard.add(content);
      }
    });
    Out.put("republished", writer.publishConfig(DATA_ID, GROUP, "password=n3w"));
    String got = heard.poll(20, TimeUnit.SECONDS);
    while (got != null && !got.equals("password=n3w")) got = heard.poll(20, TimeUnit.SECONDS);
    Out.put("heard", got);
    writer.shutDown();
    reader.shutDown();
    System.exit(0);
  }
}
