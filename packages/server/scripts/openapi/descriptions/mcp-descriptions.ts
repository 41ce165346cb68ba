import { d, type DescriptionTable } from './route-description.js';

export const MCP_DESCRIPTIONS: DescriptionTable = {
  'GET /rnacos/v1/mcp/server/list': d(
    "Hosted MCP servers (r-nacos's open list)",
    'namespaceId nameFilter pageNo pageSize',
  ),
  'GET /rnacos/v1/mcp/toolspec/list': d(
    "Tool specs (r-nacos's open list)",
    'namespaceId groupFilter toolNameFilter pageNo pageSize',
  ),
  'POST /rnacos/mcp/:serverKey/:authKey': d('MCP streamable HTTP: a JSON-RPC message (stateless)'),
  'DELETE /rnacos/mcp/:serverKey/:authKey': d('MCP streamable HTTP: end a session (none is kept)'),
  'GET /rnacos/mcp/sse/:serverKey/:authKey': d('MCP over SSE: open a session and its event stream'),
  'POST /rnacos/mcp/sse/messages/:nodeId/:serverKey': d('MCP over SSE: a message to a session', 'sessionId!'),
  'POST /rnacos/mcp/sse/messages/:nodeId/:serverKey/:sessionId': d('MCP over SSE: a message to a session'),
};
