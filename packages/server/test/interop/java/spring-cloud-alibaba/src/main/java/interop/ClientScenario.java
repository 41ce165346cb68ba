package interop;

import com.alibaba.cloud.nacos.NacosConfigManager;
import java.util.Map;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.web.client.RestTemplateBuilder;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.cloud.client.discovery.DiscoveryClient;
import org.springframework.cloud.client.loadbalancer.LoadBalanced;
import org.springframework.cloud.context.config.annotation.RefreshScope;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestTemplate;

/**
 * A Spring Cloud Alibaba application against a server at args[0] (host:port): its config imported from
 * nacos with refresh, its own registration, DiscoveryClient.getServices(), a load-balanced call to
 * itself by service name, and the health endpoint (which asks the discovery client for the services).
 * Prints one JSON line per observation; the test judges them.
 */
@SpringBootApplication
public class ClientScenario {
  public static void main(String[] args) throws Exception {
    SpringApplication app = new SpringApplication(ClientScenario.class);
    app.setDefaultProperties(Map.of(
        "spring.application.name", "sca-app",
        "server.port", "0",
        "spring.cloud.nacos.server-addr", args[0],
        "spring.config.import", "nacos:sca-app.properties?refreshEnabled=true",
        "management.endpoints.web.exposure.include", "health",
        "management.endpoint.health.show-details", "always",
        "spring.main.banner-mode", "off"));
    ConfigurableApplicationContext context = app.run();
    int port = ((WebServerApplicationContext) context).getWebServer().getPort();
    RestTemplate plain = new RestTemplate();
    RestTemplate balanced = context.getBean("balanced", RestTemplate.class);
    DiscoveryClient discovery = context.getBean(DiscoveryClient.class);

    Out.put("greeting", plain.getForObject("http://127.0.0.1:" + port + "/greeting", String.class));
    Out.put("services", String.join(",", waitForService(discovery, "sca-app")));
    Out.put("balancedCall", balanced.getForObject("http://sca-app/greeting", String.class));

    context.getBean(NacosConfigManager.class).getConfigService()
        .publishConfig("sca-app.properties", "DEFAULT_GROUP", "greeting=bonjour");
    String refreshed = null;
    for (int i = 0; i < 100 && !"bonjour".equals(refreshed); i++) {
      Thread.sleep(200);
      refreshed = balanced.getForObject("http://sca-app/greeting", String.class);
    }
    Out.put("refreshed", refreshed);

    @SuppressWarnings("unchecked")
    Map<String, Object> health = plain.getForObject("http://127.0.0.1:" + port + "/actuator/health", Map.class);
    Out.put("health", health.get("status"));
    @SuppressWarnings("unchecked")
    Map<String, Object> components = (Map<String, Object>) health.get("components");
    @SuppressWarnings("unchecked")
    Map<String, Object> discoveryHealth = (Map<String, Object>) components.get("discoveryComposite");
    Out.put("discoveryHealth", discoveryHealth == null ? null : discoveryHealth.get("status"));
    context.close();
    Out.put("done", true);
    System.exit(0);
  }

  /** The registration shows in the service list once the registry has it. */
  static java.util.List<String> waitForService(DiscoveryClient discovery, String name) throws InterruptedException {
    java.util.List<String> services = discovery.getServices();
    for (int i = 0; i < 100 && !services.contains(name); i++) {
      Thread.sleep(200);
      services = discovery.getServices();
    }
    return services;
  }

  @Bean
  @LoadBalanced
  RestTemplate balanced(RestTemplateBuilder builder) {
    return builder.build();
  }

  /** Reads the imported config; refreshed when it changes in nacos. */
  @RestController
  @RefreshScope
  static class Greeting {
    @Value("${greeting}")
    String greeting;

    @GetMapping("/greeting")
    String greeting() {
      return greeting;
    }
  }
}
