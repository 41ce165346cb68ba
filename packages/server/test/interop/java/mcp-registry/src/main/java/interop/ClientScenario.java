package interop;

import dev.langchain4j.exception.HttpException;
import dev.langchain4j.mcp.registryclient.DefaultMcpRegistryClient;
import dev.langchain4j.mcp.registryclient.McpRegistryClient;
import dev.langchain4j.mcp.registryclient.model.McpGetServerResponse;
import dev.langchain4j.mcp.registryclient.model.McpRemote;
import dev.langchain4j.mcp.registryclient.model.McpServerList;
import dev.langchain4j.mcp.registryclient.model.McpServerListRequest;
import java.util.List;
import java.util.stream.Collectors;

/**
 * LangChain4j's MCP Registry client against the registry API of a server at args[0] (a base URL): lists the
 * servers, searches them, pages through them, reads one server's (args[1]) latest and first version and all
 * its versions, and the latest of one named in reverse-DNS form (args[2], a slash in it). Prints one JSON line per observation; the test judges them.
 */
public final class ClientScenario {
  public static void main(String[] args) {
    McpRegistryClient registry = DefaultMcpRegistryClient.builder().baseUrl(args[0]).build();

    Out.put("listed", list(registry.listServers(McpServerListRequest.builder().build())));
    Out.put("searched", list(registry.listServers(McpServerListRequest.builder().search("weather").build())));
    McpServerList first = registry.listServers(McpServerListRequest.builder().limit(1L).build());
    Out.put("firstPage", list(first));
    String cursor = first.getMetadata().getNextCursor();
    Out.put("cursor", cursor);
    McpServerList second = registry.listServers(McpServerListRequest.builder().limit(1L).cursor(cursor).build());
    Out.put("secondPage", list(second) + " next=" + second.getMetadata().getNextCursor());

    McpGetServerResponse latest = registry.getSpecificServerVersion(args[1], "latest");
    Out.put("latest", describe(latest));
    Out.put("latestPublished", latest.getMeta().getOfficial().getPublishedAt() != null);
    Out.put("first", describe(registry.getSpecificServerVersion(args[1], "1.0.0")));
    Out.put("versions", list(registry.getAllVersionsOfServer(args[1])));
    Out.put("reverseDns", describe(registry.getSpecificServerVersion(args[2], "latest")));
    try {
      registry.getSpecificServerVersion("nobody", "latest");
      Out.put("missing", "found");
    } catch (HttpException e) {
      Out.put("missing", e.statusCode() + " " + e.getMessage());
    }
    System.exit(0);
  }

  /** `count: name@version(*: latest),...`. */
  static String list(McpServerList list) {
    return list.getMetadata().getCount()
        + ": "
        + list.getServers().stream()
            .map(s -> s.getServer().getName() + "@" + s.getServer().getVersion() + (s.getMeta().getOfficial().isLatest() ? "*" : ""))
            .collect(Collectors.joining(","));
  }

  /** `name version status description [type url,...]`. */
  static String describe(McpGetServerResponse response) {
    List<McpRemote> remotes = response.getServer().getRemotes() == null ? List.of() : response.getServer().getRemotes();
    return String.join(
        " ",
        response.getServer().getName(),
        response.getServer().getVersion(),
        response.getMeta().getOfficial().getStatus(),
        response.getServer().getDescription(),
        remotes.stream().map(r -> r.getType() + " " + r.getUrl()).collect(Collectors.joining(",", "[", "]")));
  }
}
