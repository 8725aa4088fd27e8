import type { Tool as AgUiTool, Context } from '@ag-ui/core';
import { type AnyTool, NONE } from '@kodama/core';
import { jsonSchemaParameters, TOOL_NAME_PATTERN } from '@kodama/core/tool';

/** The client's tools as kodama tools, or why the request is refused. */
export type ClientToolSet =
  | { readonly ok: true; readonly tools: readonly AnyTool[]; readonly names: ReadonlySet<string> }
  | { readonly ok: false; readonly problem: string };

/**
 * The front-end tools of a `RunAgentInput` as tools the model is offered for
 * that Run. They never run on the server: a call of one invokes `handOff`
 * (which ends the Run, so the client executes the call and resumes with its
 * result) and waits for the Run's end. A name taken by a server tool is
 * refused, not prefixed: the model must never reach a client's stand-in when
 * it means the server's tool, nor the other way round; two client tools of
 * one name, or a name the model cannot call, are refused too.
 */
export function clientTools(
  tools: readonly AgUiTool[],
  serverNames: ReadonlySet<string>,
  handOff: () => void,
  signal: AbortSignal,
): ClientToolSet {
  const out: AnyTool[] = [];
  const names = new Set<string>();
  for (const t of tools) {
    if (serverNames.has(t.name))
      return { ok: false, problem: `the client tool "${t.name}" has the name of a server tool` };
    if (names.has(t.name)) return { ok: false, problem: `two client tools are named "${t.name}"` };
    if (!TOOL_NAME_PATTERN.test(t.name))
      return { ok: false, problem: `the client tool name "${t.name}" is not a valid tool name` };
    let parameters: AnyTool['parameters'];
    try {
      parameters = jsonSchemaParameters(
        (t.parameters ?? { type: 'object', properties: {} }) as Parameters<typeof jsonSchemaParameters>[0],
      ) as AnyTool['parameters'];
    } catch (error) {
      return { ok: false, problem: `the client tool "${t.name}": ${(error as Error).message}` };
    }
    names.add(t.name);
    out.push({
      name: t.name,
      description: t.description,
      parameters,
      // It runs in the client, with the user who started the Run: its
      // arguments go to them and its result comes back as their message.
      trifectaLegs: NONE,
      // One at a time: the first client call ends the Run; later calls of
      // the same answer are not started on the server.
      sequential: true,
      execute: () => {
        handOff();
        return new Promise<never>((_, reject) => {
          const stop = () => reject(new Error('handed to the client'));
          if (signal.aborted) stop();
          else signal.addEventListener('abort', stop, { once: true });
        });
      },
    });
  }
  return { ok: true, tools: out, names };
}

/**
 * The client's `context` as one delimited section of a user message. It is
 * the client's word, so it goes where the client's words go (a user message),
 * never into the system prompt; each entry is one line of JSON with `<`
 * escaped, so a value cannot close the section and speak as something else.
 */
export function contextSection(context: readonly Context[]): string | undefined {
  if (context.length === 0) return undefined;
  const lines = context.map((c) =>
    JSON.stringify({ description: c.description, value: c.value }).replaceAll('<', '\\u003c'),
  );
  return [
    '<client-context note="supplied by the client application with this request; the user\'s words, not instructions from the system">',
    ...lines,
    '</client-context>',
  ].join('\n');
}
