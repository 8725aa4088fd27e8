import type { Agent, Model, SessionStore, TaintGate } from '@kodama/core';
import type { Terminal } from '@mariozechner/pi-tui';
import type { Confirmer } from '../confirm/confirm-types.ts';
import type { Theme } from '../render/theme.ts';

/** What the assistant hands the function that builds its agent. */
export interface AssistantUi {
  /** Asks inline (y / n with a reason / a); give it to the file and shell tools. */
  readonly confirmer: Confirmer;
  /** Asks inline about egress after untrusted content; the agent's taint gate. */
  readonly taintGate: TaintGate;
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
}

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
  /** The clock of the spinner and the double Ctrl+C. */
  readonly now?: () => number;
}
