// pi-tui draws whenever it is asked, also before `start()` has put the
// terminal in raw mode. The assistant asks early (the status line and the
// modes update while a session loads), so its screen could show while the
// kernel still line-edited the keyboard: a prompt typed then had its Enter
// turned into a newline (ICRNL) and Ctrl+D swallowed as end of input. A
// screen that shows is a screen that takes keys: nothing is drawn until then.
import type { TUI } from '@mariozechner/pi-tui';

/** Makes `tui` ignore render requests until its `start()` (which draws the first frame itself). */
export function drawOnlyOnceStarted(tui: TUI): void {
  const request = tui.requestRender.bind(tui);
  const start = tui.start.bind(tui);
  let started = false;
  tui.requestRender = (force?: boolean) => {
    if (started) request(force);
  };
  tui.start = () => {
    started = true;
    start();
  };
}
