package interop;

import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;

/**
 * A Dubbo provider on the nacos registry at args[0] (host:port), registered at interface and
 * application level (Dubbo 3's default); prints "exported" and serves until it is killed.
 */
public final class Provider {
  public static void main(String[] args) throws Exception {
    ApplicationConfig application = new ApplicationConfig("dubbo-provider");
    application.setQosEnable(false);
    ServiceConfig<GreetingService> service = new ServiceConfig<>();
    service.setInterface(GreetingService.class);
    service.setRef(name -> "hello " + name);
    DubboBootstrap.getInstance()
        .application(application)
        .registry(new RegistryConfig("nacos://" + args[0]))
        .protocol(new ProtocolConfig("dubbo", -1))
        .service(service)
        .start();
    Out.put("exported", true);
    Thread.currentThread().join();
  }
}
