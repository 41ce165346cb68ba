package interop;

import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;

/**
 * A Dubbo consumer on the nacos registry at args[0] (host:port): calls the provider whose process id is
 * args[1], kills that process (a crash, no deregistration) and waits for the registry to tell it that no
 * provider is left. Prints one JSON line per observation; the test judges them.
 */
public final class ClientScenario {
  public static void main(String[] args) throws Exception {
    ApplicationConfig application = new ApplicationConfig("dubbo-consumer");
    application.setQosEnable(false);
    ReferenceConfig<GreetingService> reference = new ReferenceConfig<>();
    reference.setInterface(GreetingService.class);
    reference.setCheck(false);
    DubboBootstrap.getInstance()
        .application(application)
        .registry(new RegistryConfig("nacos://" + args[0]))
        .reference(reference)
        .start();
    GreetingService greeting = reference.get();
    String answer = null;
    for (int i = 0; i < 150 && answer == null; i++) {
      try {
        answer = greeting.greet("tsnacos");
      } catch (RuntimeException notYet) {
        Thread.sleep(200);
      }
    }
    Out.put("called", answer);

    ProcessHandle.of(Long.parseLong(args[1])).ifPresent(ProcessHandle::destroyForcibly);
    String told = null;
    for (int i = 0; i < 150 && told == null; i++) {
      try {
        greeting.greet("again");
      } catch (RuntimeException e) {
        if (String.valueOf(e.getMessage()).contains("No provider available")) told = "No provider available";
      }
      Thread.sleep(200);
    }
    Out.put("providerGone", told);
    Out.put("done", true);
    System.exit(0);
  }
}
