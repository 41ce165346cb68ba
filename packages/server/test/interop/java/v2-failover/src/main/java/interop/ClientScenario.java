package interop;

import com.alibaba.nacos.api.NacosFactory;
import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.pojo.Instance;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Properties;

/**
 * nacos-client 2.5 (gRPC) given every node of a cluster (args[0]: host:port,host:port,...): registers one
 * ephemeral instance and keeps it, failing over as the client does when its node dies, until a file named
 * `stop` appears in its scratch directory. Prints one JSON line per observation.
 */
public final class ClientScenario {
  public static void main(String[] args) throws Exception {
    Properties props = new Properties();
    props.put("serverAddr", args[0]);
    NamingService provider = NacosFactory.createNamingService(props);
    Instance instance = new Instance();
    instance.setIp("10.50.0.1");
    instance.setPort(8080);
    provider.registerInstance("failover-svc", "DEFAULT_GROUP", instance);
    Out.put("registered", true);
    Path stop = Paths.get(System.getProperty("JM.SNAPSHOT.PATH"), "stop");
    while (!Files.exists(stop)) Thread.sleep(200);
    Out.put("serverStatus", provider.getServerStatus());
    provider.shutDown();
    System.exit(0);
  }
}
