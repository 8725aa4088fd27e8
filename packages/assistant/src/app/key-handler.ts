import { matchesKey } from '@mariozechner/pi-tui';
import type { AssistantApp } from './assistant-app.ts';
import type { BackgroundControl } from './assistant-options.ts';

/** How long a first Ctrl+C at an empty prompt waits for the second. */
const EXIT_WINDOW_MS = 2000;
const EXIT_HINT = 'press Ctrl+C again to exit';

/**
 * The keys the assistant takes before the input does: a waiting question or
 * list takes every key; Ctrl+C or Esc cancels a turn; Ctrl+C clears the
 * input, then twice at an empty prompt exits, as does Ctrl+D; Shift+Tab
 * switches the permission mode (also during a turn); Ctrl+O folds
 * and unfolds all tool results and reasoning, Ctrl+T the latest reasoning;
 * Ctrl+B during a turn moves a running bash command to the background.
 */
export class KeyHandler {
  #lastCtrlC = -Infinity;

  constructor(
    private readonly app: AssistantApp,
    private readonly now: () => number,
    private readonly background: () => BackgroundControl | undefined = () => undefined,
  ) {}

  /** True when the key was used (the input does not see it). */
  onKey(data: string): boolean {
    const app = this.app;
    if (app.modal.active) {
      // Ctrl+C, or Esc at a question, cancels the turn (the question is answered no as the turn stops).
      const escAtQuestion = matchesKey(data, 'escape') && app.modal.asking;
      if ((matchesKey(data, 'ctrl+c') || escAtQuestion) && app.busy) app.cancel();
      app.modal.handleKey(data);
      return true;
    }
    if (matchesKey(data, 'ctrl+c')) {
      this.#onCtrlC();
      return true;
    }
    if (matchesKey(data, 'escape') && app.busy) {
      app.cancel();
      return true;
    }
    if (matchesKey(data, 'ctrl+d') && app.editor.getText() === '') {
      app.exit();
      return true;
    }
    if (matchesKey(data, 'shift+tab')) {
      void app.modes.cycle(app.sessionId);
      return true;
    }
    if (matchesKey(data, 'ctrl+o')) {
      app.transcript.setExpanded(!app.transcript.expanded);
      app.tui.requestRender(true);
      return true;
    }
    if (matchesKey(data, 'ctrl+b') && app.busy) {
      this.#toBackground();
      return true;
    }
    if (matchesKey(data, 'ctrl+t')) {
      if (app.transcript.toggleLatestReasoning()) app.tui.requestRender(true);
      return true;
    }
    return false;
  }

  // The tool call returns to the model with the task id; the command runs on.
  #toBackground(): void {
    const ids = this.background()?.moveToBackground() ?? [];
    this.app.transcript.notice(
      ids.length > 0
        ? `moved to the background: ${ids.join(', ')} (/tasks lists them)`
        : 'Ctrl+B: no command is running to move to the background',
      ids.length > 0 ? undefined : 'warning',
    );
    this.app.tui.requestRender();
  }

  #onCtrlC(): void {
    const app = this.app;
    if (app.busy) {
      app.cancel();
      return;
    }
    if (app.editor.getText() !== '') {
      app.editor.setText('');
      app.tui.requestRender();
      return;
    }
    const now = this.now();
    if (now - this.#lastCtrlC < EXIT_WINDOW_MS) {
      app.exit();
      return;
    }
    this.#lastCtrlC = now;
    app.status.update({ activity: EXIT_HINT });
    app.tui.requestRender();
    setTimeout(() => {
      if (app.status.state.activity === EXIT_HINT) {
        app.status.update({ activity: undefined });
        app.tui.requestRender();
      }
    }, EXIT_WINDOW_MS).unref();
  }
}
