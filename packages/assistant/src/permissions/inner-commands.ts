import { baseName, RUNNERS, SHELLS, type SimpleCommand } from '@kodama/shell';
import { shellParser } from './shell-parser.ts';

/**
 * Builtins and programs that run the command their arguments spell (`sudo rm x`, `xargs rm`,
 * `find -exec rm`): the shell package's runners, and those that run one only with some options.
 */
const isWrapper = (name: string): boolean =>
  RUNNERS.has(name) || ['env', 'command', 'find', 'fd', 'fdfind'].includes(name);

const MAX_DEPTH = 4;

/**
 * The commands a command runs that its own words hide, for deny and ask
 * rules only (never to allow anything): every tail of a wrapper's words
 * (`sudo -u x rm y` → `-u x rm y`, `x rm y`, `rm y`, …: one of them is the
 * command it runs), the commands of a shell's `-c` string and of `eval`'s
 * words, read by the parser. Overreaching on purpose: a deny rule may catch
 * a little more than it names, never less.
 */
export function innerCommands(command: SimpleCommand, depth = 0): SimpleCommand[] {
  if (depth >= MAX_DEPTH) return [];
  const nameOf = (c: SimpleCommand) => baseName(c.name);
  const found: SimpleCommand[] = [];
  // Every tail of a wrapper's words (the tails of a tail are tails already).
  const tails: SimpleCommand[] = [command];
  if (isWrapper(nameOf(command)) || SHELLS.has(nameOf(command))) {
    for (let i = 1; i < command.words.length; i++) {
      const words = command.words.slice(i);
      tails.push({
        text: words.map((w) => w.value).join(' '),
        name: words[0]!.value,
        args: words.slice(1).map((w) => w.value),
        words,
        assignments: [],
        redirects: command.redirects,
      });
    }
  }
  for (const tail of tails) {
    if (tail !== command) found.push(tail);
    const name = nameOf(tail);
    let source: string | undefined;
    if (SHELLS.has(name)) {
      const at = tail.args.findIndex((a) => /^-[A-Za-z]*c/.test(a));
      source = at === -1 ? undefined : tail.args[at + 1];
    } else if (name === 'eval' || name === 'trap' || name === 'watch') source = tail.args.join(' ');
    if (source === undefined) continue;
    for (const inner of shellParser.parse(source).commands)
      found.push(inner, ...innerCommands(inner, depth + 1));
  }
  return found;
}
