import type { Agent, Model } from '@kodama/core';
import type { SessionStore } from '@kodama/core/session';
import type { TaintGate } from '@kodama/core/taint';
import type { Terminal } from '@mariozechner/pi-tui';
import type { ApprovalInbox } from '../approvals/approval-inbox.ts';
import type { FileCheckpoints } from '../checkpoints/file-checkpoints.ts';
import type { CustomCommand } from '../commands/command-file.ts';
import type { Confirmer } from '../confirm/confirm-types.ts';
import type { PermissionRules } from '../permissions/permission-rules.ts';
import type { RuleFiles } from '../permissions/rule-files.ts';
import type { Theme } from '../render/theme.ts';
import type { AgentWiring, Approvals } from './agent-wiring.ts';

/** What the assistant hands the function that builds its agent. */
export interface AssistantUi {
  /** Asks inline (y / n with a reason / a); give it to the file and shell tools. */
  readonly confirmer: Confirmer;
  /** Asks inline about egress after untrusted content; the agent's taint gate. */
  readonly taintGate: TaintGate;
  /** Where the write and edit tools checkpoint files before they change them (wrap them with `checkpointEdits`). */
  readonly checkpoints: FileCheckpoints;
  /**
   * All of the above as the agent's builder takes it: the permission gate on
   * every tool, write and edit checkpointed and reviewed, the confirmer and the
   * taint gate, per {@link AssistantOptions.approvals}.
   */
  readonly wiring: AgentWiring;
}

/** An instruction file the system prompt includes, for `/context`. */
export interface InstructionFile {
  readonly path: string;
  readonly chars: number;
}

/** What the assistant shows about its setup (`/context`, `/skills`). */
export interface AssistantInfo {
  readonly instructions?: readonly InstructionFile[];
  readonly skills?: readonly { readonly name: string; readonly description: string }[];
  /** The configured MCP servers (`/mcp`). */
  readonly mcpServers?: readonly McpServerView[];
  /** The agent's MCP extension, for `/mcp connect` (read when asked: the agent is built after the app). */
  readonly mcp?: McpControl;
  /** Lines about the configuration in effect (files read, permission rules), shown at start. */
  readonly configNotes?: readonly string[];
  /** The background commands and sub-agents (`/tasks`); read when asked: the tools are built after the app. */
  readonly background?: BackgroundControl;
}

/** One background task (a command or a sub-agent) as `/tasks` lists it, in words its owner chose. */
export interface BackgroundTaskView {
  /** What `/tasks kill` takes: `bash-1`, `agent-1`. */
  readonly id: string;
  /** A command (bash's `run_in_background`, Ctrl+B) or a sub-agent (the agent tool's `background: true`). */
  readonly kind: 'command' | 'agent';
  /** The command line, or the sub-agent's persona and task (`researcher: find the release date`). */
  readonly label: string;
  /** `running`, `exited with code 0`, `done`, `killed`, ... */
  readonly status: string;
  /** How long it has run (or ran): `45s`, `3m20s`. */
  readonly runtime: string;
  /** Lines of output the model has not read yet (0 for a sub-agent: its answer comes as a message). */
  readonly newLines: number;
  readonly running: boolean;
}

/**
 * What `/tasks` and the status line's count use of the background work (the
 * CLI joins `@kodama/workspace`'s commands and `@kodama/subagents`' sub-agents).
 */
export interface BackgroundControl {
  list(): readonly BackgroundTaskView[];
  /** Ends one and resolves with its status after; undefined for an unknown id. */
  kill(id: string): Promise<string | undefined>;
  /** Moves the commands running in the foreground to the background (Ctrl+B); their new ids. */
  moveToBackground(): readonly string[];
  /** How many are running, commands and sub-agents. */
  readonly running: number;
  /** Calls `listener` when one starts or ends (the status line's count); returns the unsubscribe. */
  onChange(listener: () => void): () => void;
}

/** An MCP server as `/mcp` lists it. */
export interface McpServerView {
  readonly id: string;
  readonly description?: string;
  /** The file that configures it. */
  readonly source?: string;
}

/** What `/mcp` uses of the agent's MCP extension (`@kodama/mcp`'s `McpExtension` is one). */
export interface McpControl {
  /** The ids of the connected servers. */
  readonly connected: readonly string[];
  connect(id: string): Promise<{ readonly tools: readonly string[]; readonly skipped: readonly string[] }>;
}

/** Runs a `!command` typed at the prompt: output streamed to `onOutput`, the whole of it returned. */
export type ShellRunner = (
  command: string,
  options: { readonly signal: AbortSignal; readonly onOutput: (text: string) => void },
) => Promise<{ readonly output: string; readonly status: string }>;

/** How the CLI composes the assistant. */
export interface AssistantOptions {
  /** The terminal to draw on (pi-tui's ProcessTerminal, or a virtual one in tests). */
  readonly terminal: Terminal;
  readonly theme: Theme;
  /** Builds the agent with the assistant's confirmer and taint gate. */
  readonly buildAgent: (ui: AssistantUi) => Promise<Agent>;
  /** Where the conversation is saved after every tool batch and answer. */
  readonly store: SessionStore;
  /** The session to continue or start. */
  readonly sessionId: string;
  /** A fresh session id (after `/clear`). */
  readonly newSessionId: () => string;
  /** Turns a `/model` target into a Model. */
  readonly resolveModel: (target: string) => Promise<Model>;
  /** Where prompts are remembered for Up/Down (per project); none: not remembered. */
  readonly historyFile?: string;
  readonly info?: AssistantInfo;
  /** A first prompt to send at start. */
  readonly initialPrompt?: string;
  /** The project root: `@path` attachments and file names are relative to it. */
  readonly root: string;
  /** Where per-turn file checkpoints are kept (outside the project, e.g. under `$XDG_DATA_HOME`). */
  readonly checkpointDir: string;
  /** Runs `!command`; none: `!` is an ordinary character. */
  readonly runShell?: ShellRunner;
  /** Whether the model takes images (default: the model's declared `capabilities.imageInput`); false: `@shot.png` is refused with a message. */
  readonly acceptsImages?: (model: Model) => boolean | undefined;
  /** The permission rules of the configuration files (allow / ask / deny); the session's "always" answers join them. */
  readonly permissions?: PermissionRules;
  /**
   * The configuration files an "always" answer can be saved to (`p` the
   * project's, `u` the user's) and `/permissions remove` edits; none: "always"
   * holds for the session only and a file's rule is changed in its file.
   */
  readonly ruleFiles?: RuleFiles;
  /**
   * True when a flag chose the permission mode (`--permission-mode`): a
   * resumed session then does not bring back its own. The mode itself is
   * {@link permissions}' `mode`.
   */
  readonly permissionModeChosen?: boolean;
  /** What is approved without asking (`--yes`, `--yes=all`); control files still ask. Default: nothing. */
  readonly approvals?: Approvals;
  /**
   * Where questions also wait for an answer from elsewhere (`kodama approve
   * <id>`); see {@link ApprovalInbox}. Default: asked on the screen only.
   */
  readonly inbox?: ApprovalInbox;
  /** Start with a list of the stored sessions to pick from (`kodama --resume` without an id). */
  readonly pickSession?: boolean;
  /** Custom slash commands (`loadCustomCommands`); a built-in command of the same name wins. */
  readonly commands?: readonly CustomCommand[];
  /** Lines about command files that were not loaded, shown at start. */
  readonly commandWarnings?: readonly string[];
  /**
   * Asked before `/compact` folds the conversation, with what the person asked
   * the summary to keep (the CLI's PreCompact hooks); a reason stops it.
   */
  readonly beforeCompact?: (instructions: string) => Promise<string | undefined>;
  /** The clock of the spinner and the double Ctrl+C. */
  readonly now?: () => number;
}
