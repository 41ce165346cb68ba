package interop;

import com.alibaba.nacos.api.ai.AiFactory;
import com.alibaba.nacos.api.ai.AiService;
import com.alibaba.nacos.api.ai.listener.AbstractNacosMcpServerListener;
import com.alibaba.nacos.api.ai.listener.NacosMcpServerEvent;
import com.alibaba.nacos.api.ai.model.mcp.McpEndpointInfo;
import com.alibaba.nacos.api.ai.model.mcp.McpServerBasicInfo;
import com.alibaba.nacos.api.ai.model.mcp.McpServerDetailInfo;
import com.alibaba.nacos.api.ai.model.mcp.McpServerRemoteServiceConfig;
import com.alibaba.nacos.api.ai.model.mcp.McpTool;
import com.alibaba.nacos.api.ai.model.mcp.McpToolSpecification;
import com.alibaba.nacos.api.ai.model.mcp.registry.ServerVersionDetail;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * nacos-client 3.1's AiService (gRPC) against a server at args[0] (host:port): releases an MCP server with a
 * tool, registers an endpoint, reads it back, subscribes, and hears an endpoint going away and a new latest
 * version. After `registered` it waits for the file args[1], so the test can look at the server meanwhile.
 * Prints one JSON line per observation; the test judges them.
 */
public final class ClientScenario {
  private static final String NAME = "java-weather";

  public static void main(String[] args) throws Exception {
    Properties props = new Properties();
    props.put("serverAddr", args[0]);
    // the subscription polls the server; every second instead of every ten
    props.put("nacosAiMcpServerCacheUpdateInterval", "1000");
    AiService ai = AiFactory.createAiService(props);

    String mcpId = ai.releaseMcpServer(server("1.0.0", false), tools());
    Out.put("mcpId", mcpId);
    ai.registerMcpServerEndpoint(NAME, "10.60.0.1", 8000);
    Out.put("read", describe(readUntil(ai, "10.60.0.1:8000/sse")));
    Out.put("registered", true);
    Path gate = Path.of(args[1]);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!Files.exists(gate) && System.nanoTime() < deadline) Thread.sleep(100);

    BlockingQueue<String> events = new LinkedBlockingQueue<>();
    McpServerDetailInfo subscribed =
        ai.subscribeMcpServer(
            NAME,
            new AbstractNacosMcpServerListener() {
              @Override
              public void onEvent(NacosMcpServerEvent event) {
                events.add(describe(event.getMcpServerDetailInfo()));
              }
            });
    Out.put("subscribed", describe(subscribed));

    ai.deregisterMcpServerEndpoint(NAME, "10.60.0.1", 8000);
    Out.put("heardDeregistered", waitFor(events, NAME + " 1.0.0 [] forecast", 20));
    ai.releaseMcpServer(server("2.0.0", true), tools());
    Out.put("heardRelease", waitFor(events, NAME + " 2.0.0 [] forecast", 20));

    ai.shutdown();
    Out.put("done", true);
    System.exit(0);
  }

  static McpServerBasicInfo server(String version, boolean latest) {
    McpServerBasicInfo info = new McpServerBasicInfo();
    info.setName(NAME);
    info.setProtocol("mcp-sse");
    info.setFrontProtocol("mcp-sse");
    info.setDescription("forecasts by city");
    ServerVersionDetail detail = new ServerVersionDetail();
    detail.setVersion(version);
    if (latest) detail.setIs_latest(true);
    info.setVersionDetail(detail);
    McpServerRemoteServiceConfig remote = new McpServerRemoteServiceConfig();
    remote.setExportPath("/sse");
    info.setRemoteServerConfig(remote);
    return info;
  }

  static McpToolSpecification tools() {
    McpTool tool = new McpTool();
    tool.setName("forecast");
    tool.setDescription("the weather of a city");
    tool.setInputSchema(
        Map.of("type", "object", "properties", Map.of("city", Map.of("type", "string"))));
    McpToolSpecification spec = new McpToolSpecification();
    spec.setTools(List.of(tool));
    return spec;
  }

  /** `name version [address:port/path,...] tool,...`. */
  static String describe(McpServerDetailInfo info) {
    if (info == null) return null;
    List<McpEndpointInfo> endpoints = info.getBackendEndpoints() == null ? List.of() : info.getBackendEndpoints();
    String addresses =
        endpoints.stream()
            .map(e -> e.getAddress() + ":" + e.getPort() + (e.getPath() == null ? "" : e.getPath()))
            .sorted()
            .collect(Collectors.joining(","));
    String toolNames =
        info.getToolSpec() == null || info.getToolSpec().getTools() == null
            ? ""
            : info.getToolSpec().getTools().stream().map(McpTool::getName).collect(Collectors.joining(","));
    return info.getName() + " " + info.getVersionDetail().getVersion() + " [" + addresses + "] " + toolNames;
  }

  /** getMcpServer until the endpoint shows (registration is acknowledged, listing follows), at most 10 s. */
  static McpServerDetailInfo readUntil(AiService ai, String endpoint) throws Exception {
    McpServerDetailInfo info = null;
    for (int i = 0; i < 50; i++) {
      info = ai.getMcpServer(NAME, null);
      if (describe(info).contains(endpoint)) return info;
      Thread.sleep(200);
    }
    return info;
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
