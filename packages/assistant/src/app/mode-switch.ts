import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { atomicWrite } from '../checkpoints/file-checkpoints.ts';
import { isPermissionMode, nextPermissionMode, type PermissionMode } from '../permissions/permission-mode.ts';
import type { PermissionRules } from '../permissions/permission-rules.ts';
import type { StatusLine } from '../render/status-line.ts';

/** What the model reads when the mode it works in changes (with the next prompt, or as a tool's answer). */
export function modeNote(mode: PermissionMode): string {
  switch (mode) {
    case 'plan':
      return 'The person switched to plan mode: it is read-only. Explore with read-only tools (writes and commands that change anything are refused), then call present_plan with your plan; the person approves it before anything is changed.';
    case 'accept-edits':
      return 'The permission mode is now accept-edits: file edits inside the project run without asking; commands still ask.';
    case 'bypass':
      return 'The permission mode is now bypass: calls run without asking, except control files, writes outside the project and calls after untrusted content.';
    default:
      return 'The permission mode is now default: edits and commands ask as the rules say.';
  }
}

/** Where a session's mode is kept: a path for a session id (outside the project). */
export type ModeFileOf = (sessionId: string) => string;

/**
 * The permission mode of the session on the screen: the rules' mode, shown in
 * the status line (via `onChange`), cycled by Shift+Tab (bypass only when the
 * run started in it, `--permission-mode bypass`), kept per session so
 * `--continue` and `--resume` open in the mode it was left in (unless a flag
 * chose one), and said to the model with the next prompt when it changed.
 */
export class ModeSwitch {
  readonly #withBypass: boolean;
  /** The mode the model was last told about (a resumed session was told its own). */
  #told: PermissionMode = 'default';

  constructor(
    private readonly rules: PermissionRules,
    private readonly fileOf: ModeFileOf | undefined,
    private readonly onChange: (mode: PermissionMode) => void,
    /** Chosen by a flag: a resumed session does not override it. */
    private readonly chosen = false,
  ) {
    this.#withBypass = rules.mode === 'bypass';
  }

  get mode(): PermissionMode {
    return this.rules.mode;
  }

  /** Switches to `mode` (saved with `sessionId`); `told` when the model already knows (a tool's answer says it). */
  async set(mode: PermissionMode, sessionId: string, told = false): Promise<void> {
    this.rules.mode = mode;
    if (told) this.#told = mode;
    this.onChange(mode);
    const path = this.fileOf?.(sessionId);
    if (path === undefined) return;
    await mkdir(dirname(path), { recursive: true });
    await atomicWrite(path, JSON.stringify({ permissionMode: mode }));
  }

  /** Shift+Tab: the next mode. */
  cycle(sessionId: string): Promise<void> {
    return this.set(nextPermissionMode(this.mode, this.#withBypass), sessionId);
  }

  /** Opens a session: its stored mode, unless a flag chose one (then the flag's is stored for it). */
  async open(sessionId: string, resumed: boolean): Promise<void> {
    const stored = this.chosen ? undefined : await this.#stored(sessionId);
    // A resumed conversation already holds what the model was told about its own mode.
    this.#told = resumed ? (stored ?? 'default') : 'default';
    await this.set(stored ?? this.mode, sessionId);
  }

  /** The note for the next prompt when the mode changed since the model was last told; [] otherwise. */
  takeNote(): string[] {
    if (this.mode === this.#told) return [];
    this.#told = this.mode;
    return [modeNote(this.mode)];
  }

  async #stored(sessionId: string): Promise<PermissionMode | undefined> {
    const path = this.fileOf?.(sessionId);
    if (path === undefined) return undefined;
    try {
      const mode = (JSON.parse(await readFile(path, 'utf8')) as { permissionMode?: unknown }).permissionMode;
      return isPermissionMode(mode) ? mode : undefined;
    } catch {
      return undefined;
    }
  }
}

/**
 * The screen's mode switch: the mode shown in `screen`'s status line, kept
 * per session beside the checkpoints (`<checkpointDir>/modes/<id>.json`).
 */
export function screenModes(
  screen: { readonly status: StatusLine; readonly tui: { requestRender(): void } },
  rules: PermissionRules,
  options: { readonly checkpointDir: string; readonly permissionModeChosen?: boolean },
): ModeSwitch {
  const show = (mode: PermissionMode) => {
    screen.status.update({ mode });
    screen.tui.requestRender();
  };
  const fileOf = (id: string) => join(options.checkpointDir, 'modes', `${id}.json`);
  return new ModeSwitch(rules, fileOf, show, options.permissionModeChosen ?? false);
}
