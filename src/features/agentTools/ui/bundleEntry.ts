// Entry of the AI agent tools' on-demand bundle (dist/agentTools.js, dist/web/agentTools.js): loaded
// the first time an agent prepares or calls one of the tools.
export { AgentTools, type AgentToolsHost } from './agentTools';
export { initBundle } from '../../../host/bundleInit';
