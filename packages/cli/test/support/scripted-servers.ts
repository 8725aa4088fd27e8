// Scripted OpenAI-compatible servers for CLI tests, closed when the test file ends.
import { after } from 'node:test';
import { type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';

type Script = Parameters<typeof startOpenAICompatibleServer>[0]['script'];

/** Returns `serve(script)`, which starts a server listing the model `scripted-model`; all close after the file's tests. */
export function scriptedServers(): (script: Script) => Promise<ScriptedServer> {
  const servers: ScriptedServer[] = [];
  after(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });
  return async (script) => {
    const server = await startOpenAICompatibleServer({ script, models: ['scripted-model'] });
    servers.push(server);
    return server;
  };
}
