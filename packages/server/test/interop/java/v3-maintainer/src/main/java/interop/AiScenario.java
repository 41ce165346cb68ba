package interop;

import com.alibaba.nacos.api.ai.model.a2a.AgentCard;
import com.alibaba.nacos.api.ai.model.a2a.AgentCardDetailInfo;
import com.alibaba.nacos.api.ai.model.a2a.AgentCardVersionInfo;
import com.alibaba.nacos.api.ai.model.a2a.AgentSkill;
import com.alibaba.nacos.api.ai.model.a2a.AgentVersionDetail;
import com.alibaba.nacos.api.ai.model.mcp.McpEndpointInfo;
import com.alibaba.nacos.api.ai.model.mcp.McpEndpointSpec;
import com.alibaba.nacos.api.ai.model.mcp.McpServerBasicInfo;
import com.alibaba.nacos.api.ai.model.mcp.McpServerDetailInfo;
import com.alibaba.nacos.api.ai.model.mcp.McpServerRemoteServiceConfig;
import com.alibaba.nacos.api.ai.model.mcp.McpTool;
import com.alibaba.nacos.api.ai.model.mcp.McpToolSpecification;
import com.alibaba.nacos.api.ai.model.mcp.registry.ServerVersionDetail;
import com.alibaba.nacos.api.exception.NacosException;
import com.alibaba.nacos.api.model.Page;
import com.alibaba.nacos.maintainer.client.ai.AiMaintainerFactory;
import com.alibaba.nacos.maintainer.client.ai.AiMaintainerService;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/**
 * nacos-maintainer-client 3.1's AiMaintainerService (HTTP /nacos/v3/admin/ai) against a server at args[0] with
 * OpenAPI auth on, as args[1]/args[2]: an MCP server with a tool and a direct endpoint created, listed, searched,
 * read, updated to a new version and deleted; then an A2A agent the same way. Prints one JSON line per
 * observation; the test judges them.
 */
public final class AiScenario {
  private static final String MCP = "maint-weather";
  private static final String AGENT = "maint-agent";

  public static void main(String[] args) throws Exception {
    Properties props = new Properties();
    props.put("serverAddr", args[0]);
    props.put("username", args[1]);
    props.put("password", args[2]);
    AiMaintainerService ai = AiMaintainerFactory.createAiMaintainerService(props);

    String id = ai.createMcpServer(MCP, server("1.0.0"), tools("forecast"), endpoint());
    Out.put("mcpCreated", id != null && id.length() == 36);
    Out.put("mcpListed", page(ai.listMcpServer(MCP, 1, 10)));
    Out.put("mcpSearched", page(ai.searchMcpServer("maint", 1, 10)));
    Out.put("mcpDetail", describe(ai.getMcpServerDetail(MCP)));
    Out.put("mcpUpdated", ai.updateMcpServer(MCP, true, server("2.0.0"), tools("forecast,alerts"), endpoint()));
    Out.put("mcpLatest", describe(ai.getMcpServerDetail(MCP)));
    Out.put("mcpFirst", describe(ai.getMcpServerDetail(MCP, "1.0.0")));
    Out.put("mcpDeleted", ai.deleteMcpServer(MCP));
    Out.put("mcpAfterDelete", errorOf(() -> ai.getMcpServerDetail(MCP)));

    Out.put("agentRegistered", ai.registerAgent(card("1.0.0")));
    Out.put("agentDetail", describe(ai.getAgentCard(AGENT)));
    Out.put("agentListed", agents(ai.listAgentCards()));
    Out.put("agentSearched", agents(ai.searchAgentCardsByName("maint")));
    Out.put("agentUpdated", ai.updateAgentCard(card("2.0.0"), null, true));
    Out.put("agentVersions", versions(ai.listAllVersionOfAgent(AGENT)));
    Out.put("agentLatest", describe(ai.getAgentCard(AGENT)));
    Out.put("agentDeleted", ai.deleteAgent(AGENT));
    Out.put("agentAfterDelete", errorOf(() -> ai.getAgentCard(AGENT)));
    System.exit(0);
  }

  static McpServerBasicInfo server(String version) {
    McpServerBasicInfo info = new McpServerBasicInfo();
    info.setName(MCP);
    info.setProtocol("mcp-sse");
    info.setFrontProtocol("mcp-sse");
    info.setDescription("forecasts, kept by the admin SDK");
    ServerVersionDetail detail = new ServerVersionDetail();
    detail.setVersion(version);
    info.setVersionDetail(detail);
    McpServerRemoteServiceConfig remote = new McpServerRemoteServiceConfig();
    remote.setExportPath("/sse");
    info.setRemoteServerConfig(remote);
    return info;
  }

  static McpToolSpecification tools(String names) {
    McpToolSpecification spec = new McpToolSpecification();
    spec.setTools(
        List.of(names.split(",")).stream()
            .map(
                name -> {
                  McpTool tool = new McpTool();
                  tool.setName(name);
                  tool.setDescription(name + " of a city");
                  tool.setInputSchema(
                      Map.of("type", "object", "properties", Map.of("city", Map.of("type", "string"))));
                  return tool;
                })
            .collect(Collectors.toList()));
    return spec;
  }

  static McpEndpointSpec endpoint() {
    McpEndpointSpec spec = new McpEndpointSpec();
    spec.setType("DIRECT");
    spec.setData(Map.of("address", "10.70.0.1", "port", "8080"));
    return spec;
  }

  static String page(Page<McpServerBasicInfo> page) {
    return page.getTotalCount()
        + " "
        + page.getPageItems().stream()
            .map(s -> s.getName() + "@" + s.getVersionDetail().getVersion() + "/" + s.getProtocol())
            .collect(Collectors.joining(","));
  }

  /** `name version [address:port/path,...] tool,...`. */
  static String describe(McpServerDetailInfo info) {
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

  static AgentCard card(String version) {
    AgentCard card = new AgentCard();
    card.setName(AGENT);
    card.setVersion(version);
    card.setDescription("answers questions, kept by the admin SDK");
    card.setProtocolVersion("0.3.0");
    card.setPreferredTransport("JSONRPC");
    card.setUrl("http://10.70.0.2:9000/a2a");
    AgentSkill skill = new AgentSkill();
    skill.setId("answer");
    skill.setName("answer");
    skill.setDescription("answers a question");
    skill.setTags(List.of("qa"));
    card.setSkills(List.of(skill));
    card.setDefaultInputModes(List.of("text"));
    card.setDefaultOutputModes(List.of("text"));
    return card;
  }

  /** `name version url registrationType latest skill,...`. */
  static String describe(AgentCardDetailInfo card) {
    String skills = card.getSkills() == null ? "" : card.getSkills().stream().map(AgentSkill::getId).collect(Collectors.joining(","));
    return String.join(
        " ",
        card.getName(),
        card.getVersion(),
        card.getUrl(),
        String.valueOf(card.getRegistrationType()),
        String.valueOf(card.isLatestVersion()),
        skills);
  }

  static String agents(Page<AgentCardVersionInfo> page) {
    return page.getTotalCount()
        + " "
        + page.getPageItems().stream()
            .map(a -> a.getName() + "@" + a.getLatestPublishedVersion() + "/" + a.getVersionDetails().size())
            .collect(Collectors.joining(","));
  }

  static String versions(List<AgentVersionDetail> versions) {
    return versions.stream()
        .map(v -> v.getVersion() + (v.isLatest() ? "*" : ""))
        .sorted()
        .collect(Collectors.joining(","));
  }

  /** The error code the call fails with, or `found`. */
  static Object errorOf(Callable<?> call) throws Exception {
    try {
      call.call();
      return "found";
    } catch (NacosException e) {
      return e.getErrCode();
    }
  }
}
