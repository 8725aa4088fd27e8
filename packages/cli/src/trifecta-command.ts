import type { Model } from '@kodama/core';
import type { TrifectaNodeReport, TrifectaReport } from '@kodama/core/trifecta';
import { AssistantSetupError, buildAssistant } from './assistant-setup.ts';
import type { CliIO } from './cli-io.ts';
import { EXIT } from './exit-status.ts';
import type { ToolChoice } from './parse-support.ts';
import { resolveAgentSpec } from './resolve-spec.ts';
import type { TrifectaArgs } from './trifecta-args.ts';

/** The map needs the agent's shape, not a model: this one is never called. */
const NO_MODEL: Model = {
  specificationVersion: 'kodama.model.v1',
  provider: 'none',
  modelId: 'none',
  stream() {
    throw new Error('kodama trifecta runs no model');
  },
};

/**
 * The trifecta report of the assistant `kodama ask` would build with these
 * flags, built without a model and closed again.
 *
 * @throws AssistantSetupError as `buildAssistant` does.
 */
export async function assistantMap(choice: ToolChoice, io: CliIO): Promise<TrifectaReport> {
  const spec = await resolveAgentSpec(choice, io, { memoryByConfig: true });
  const agent = await buildAssistant(spec, io, { model: NO_MODEL });
  try {
    return agent.trifecta();
  } finally {
    await agent.close();
  }
}

/**
 * `kodama trifecta`: builds the assistant `kodama ask` would build with the
 * same flags (without a model) and prints its lethal-trifecta map, or the
 * report as JSON; when loud, why (which tools bring each leg in, and what
 * memory adds). Exits 3 when the verdict is loud, 0 otherwise.
 */
export async function trifecta(args: TrifectaArgs, io: CliIO): Promise<number> {
  let report: TrifectaReport;
  try {
    report = await assistantMap(args, io);
  } catch (error) {
    if (!(error instanceof AssistantSetupError)) throw error;
    io.stderr.write(`kodama: ${error.message}\n`);
    return error.usage ? EXIT.usage : EXIT.failed;
  }
  // The one explanation, also the assistant's /trifecta's.
  const why = (await import('@kodama/assistant')).trifectaWhy(report);
  io.stdout.write(
    args.json
      ? `${JSON.stringify(asJson(report, why), null, 2)}\n`
      : `${[report.render(), ...why].join('\n')}\n`,
  );
  return report.verdict === 'loud' ? EXIT.loud : EXIT.ok;
}

function asJson(report: TrifectaReport, why: readonly string[]): unknown {
  const node = (n: TrifectaNodeReport): unknown => ({
    label: n.label,
    channelEgress: n.node.channelEgress,
    legs: n.legs,
    verdict: n.verdict,
    tools: n.node.toolLegs,
    children: n.children.map(node),
  });
  return { verdict: report.verdict, worstPath: report.worstPath, why, root: node(report.root) };
}
