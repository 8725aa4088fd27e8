// The three tools the model keeps in code mode. Their legs are the catalog's
// (a getter: the catalog is known once the agent is built), so the trifecta
// map sees through `exec` to what programs can reach.
import { type AnyTool, NONE, type Tool, type TrifectaLegs } from '@kodama/core';
import { jsonSchemaParameters } from '@kodama/core/tool';
import { combineLegs } from '@kodama/core/trifecta';
import type { CodeModeSession, ProgramReport } from './session.ts';

/** The control tools' names. */
export const CONTROL_TOOLS = Object.freeze({ exec: 'exec', wait: 'wait', stop: 'stop' });

function render(report: ProgramReport): string {
  const { toolCalls, ...rest } = report;
  return JSON.stringify({ ...rest, tool_calls: toolCalls });
}

/** The legs of every catalog tool combined. */
export function catalogLegs(catalog: Iterable<AnyTool>): TrifectaLegs {
  let legs: TrifectaLegs = NONE;
  for (const tool of catalog) legs = combineLegs(legs, tool.trifectaLegs);
  return legs;
}

function controlTool(
  name: string,
  description: string,
  schema: Record<string, unknown>,
  legs: () => TrifectaLegs,
  callLegs: () => TrifectaLegs,
  execute: Tool['execute'],
): AnyTool {
  return Object.defineProperties(
    {
      name,
      description,
      parameters: jsonSchemaParameters(schema),
      sequential: true,
      execute,
      // Each program call is gated by the broker on its own legs; the exec call itself
      // sends nothing out, and its result brings in whatever the catalog can.
      legsOf: () => callLegs(),
    },
    { trifectaLegs: { get: legs, enumerable: true } },
  ) as unknown as AnyTool;
}

/** `exec`, `wait` and `stop` over `session`; `catalog` is read whenever the legs are. */
export function controlTools(
  session: CodeModeSession,
  catalog: () => Iterable<AnyTool>,
  engineName: string,
): AnyTool[] {
  const legs = () => catalogLegs(catalog());
  const inbound = () => ({ ...legs(), egress: 'none' as const });
  const readOnly = () => ({ privateData: false, untrusted: legs().untrusted, egress: 'none' as const });
  return [
    controlTool(
      CONTROL_TOOLS.exec,
      `Runs a JavaScript program (${engineName}) that calls tools as async functions (\`await tools.read({ path })\`; see the declarations in the system prompt). ` +
        'Returns JSON: status (completed | error | terminated | still_working), output (what text() printed), value (the last expression), error.',
      {
        type: 'object',
        properties: { source: { type: 'string', description: 'The program (top-level await allowed).' } },
        required: ['source'],
      },
      legs,
      inbound,
      async (args, context) => render(await session.exec(String(args.source), context)),
    ),
    controlTool(
      CONTROL_TOOLS.wait,
      'Watches the running program again (after exec answered still_working); returns only output that is new.',
      { type: 'object', properties: {} },
      readOnly,
      readOnly,
      async (_args, context) => render(await session.wait(context)),
    ),
    controlTool(
      CONTROL_TOOLS.stop,
      'Stops the running program.',
      { type: 'object', properties: {} },
      readOnly,
      readOnly,
      async () => render(await session.stop()),
    ),
  ];
}
