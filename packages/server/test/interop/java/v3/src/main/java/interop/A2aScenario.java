package interop;

import com.alibaba.nacos.api.ai.AiFactory;
import com.alibaba.nacos.api.ai.AiService;
import com.alibaba.nacos.api.ai.model.a2a.AgentCard;
import com.alibaba.nacos.api.ai.model.a2a.AgentCardDetailInfo;
import com.alibaba.nacos.api.ai.model.a2a.AgentSkill;
import com.alibaba.nacos.api.exception.NacosException;
import java.util.List;
import java.util.Properties;

/**
 * nacos-client 3.1's A2aService (gRPC) against a server at args[0] (host:port): release an agent card (as
 * SERVICE, the client's default), read it, register an endpoint and read the card at it, deregister, a
 * second version made the latest, and an unknown agent. Prints one JSON line per observation.
 */
public final class A2aScenario {
  public static void main(String[] args) throws Exception {
    Properties props = new Properties();
    props.put("serverAddr", args[0]);
    AiService ai = AiFactory.createAiService(props);

    ai.releaseAgentCard(card("1.0.0"));
    AgentCardDetailInfo released = ai.getAgentCard("helper");
    Out.put("released", released.getName() + " " + released.getVersion() + " " + released.getRegistrationType()
        + " " + released.getUrl() + " " + released.getSkills().get(0).getId());

    ai.registerAgentEndpoint("helper", "1.0.0", "10.60.0.1", 9000);
    Out.put("atEndpoint", urlOnceNot(ai, "http://helper.example/a2a"));
    ai.deregisterAgentEndpoint("helper", "1.0.0", "10.60.0.1", 9000);
    Out.put("afterDeregister", urlOnceNot(ai, "http://10.60.0.1:9000"));

    ai.releaseAgentCard(card("2.0.0"), "SERVICE", true);
    AgentCardDetailInfo latest = ai.getAgentCard("helper");
    Out.put("latest", latest.getVersion() + " " + latest.isLatestVersion());

    try {
      ai.getAgentCard("nobody");
      Out.put("missing", "found");
    } catch (NacosException e) {
      Out.put("missing", e.getErrCode());
    }
    ai.shutdown();
    Out.put("done", true);
    System.exit(0);
  }

  static AgentCard card(String version) {
    AgentCard card = new AgentCard();
    card.setName("helper");
    card.setVersion(version);
    card.setDescription("answers questions");
    card.setProtocolVersion("0.3.0");
    card.setPreferredTransport("JSONRPC");
    card.setUrl("http://helper.example/a2a");
    AgentSkill skill = new AgentSkill();
    skill.setId("qa");
    skill.setName("Q&A");
    skill.setDescription("answers");
    skill.setTags(List.of("faq"));
    card.setSkills(List.of(skill));
    card.setDefaultInputModes(List.of("text/plain"));
    card.setDefaultOutputModes(List.of("text/plain"));
    return card;
  }

  /** The card's url once it is no longer `was` (endpoints register asynchronously), else after 10 s. */
  static String urlOnceNot(AiService ai, String was) throws Exception {
    String url = was;
    for (int i = 0; i < 50 && url.equals(was); i++) {
      url = ai.getAgentCard("helper").getUrl();
      if (url.equals(was)) Thread.sleep(200);
    }
    return url;
  }
}
