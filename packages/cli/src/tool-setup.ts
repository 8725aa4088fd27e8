import type { BackgroundControl } from '@kodama/assistant';
import type { AnyTool } from '@kodama/core';
import type { Confirmer } from '@kodama/workspace';
import type { KodamaConfig } from './config.ts';
import type { EditReviewer } from './interactive-edit-review.ts';
import type { SandboxKind } from './parse-support.ts';

/** What building the chosen tools may need from the command line and the terminal. */
export interface ToolSetup {
  readonly config: KodamaConfig;
  /** Project root for the file tools (absolute). */
  readonly root: string;
  /** Approve every confirmation. */
  readonly yes: boolean;
  /** Where bash runs; the argument parser has already refused any other value. */
  readonly sandbox: SandboxKind;
  /** Terminal streams for the confirmation prompt. */
  readonly stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  readonly stderr: NodeJS.WritableStream;
  /** Directories outside the root the file tools may read (the skills kept at home, for their sidecar files). */
  readonly readableRoots?: readonly string[];
  /** Registers cleanup to run when the agent closes. */
  readonly onClose: (handler: () => void | Promise<void>) => void;
  /** Who the file and shell tools ask (the assistant's inline prompt); default: per `yes`, on the terminal. */
  readonly confirmer?: Confirmer;
  /** Wraps write and edit so they ask with a diff first (the assistant). */
  readonly reviewEdits?: EditReviewer;
  /** bash emits its output live (`tool-output` events) for the assistant's screen. */
  readonly streamOutput?: boolean;
  /** The text `read` shows of a text file, by its real path (an editor's buffer: `kodama acp`); undefined: the disk. */
  readonly readText?: (realPath: string) => Promise<string | undefined>;
  /** Told the workspace's background commands once bash is built (the assistant's `/tasks`). */
  readonly onBackground?: (background: BackgroundControl) => void;
}

/** One package's tools as the CLI offers them: the names its registry holds, and how to build some of them. */
export interface ToolFamily {
  readonly names: readonly string[];
  /** Builds the named tools (all of them in `names`). */
  build(names: readonly string[], setup: ToolSetup): Promise<AnyTool[]>;
}
