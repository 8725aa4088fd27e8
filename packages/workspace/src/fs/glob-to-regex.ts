/**
 * Compiles a glob to a RegExp over `/`-separated relative paths:
 * `**` spans directories, `*` and `?` stay within one component, `[...]`
 * classes and `{a,b}` alternatives work, and dotfiles match like any file.
 * A pattern without `/` matches the file name at any depth (`*.ts` finds
 * `src/a.ts`), which is what a model asking for `*.ts` means.
 */
export function globToRegex(pattern: string, caseInsensitive = false): RegExp {
  const anchored = pattern.includes('/') ? pattern.replace(/^\.\//, '') : `**/${pattern}`;
  let out = '';
  let depth = 0;
  for (let i = 0; i < anchored.length; i++) {
    const c = anchored[i]!;
    if (c === '*') {
      if (anchored[i + 1] === '*') {
        const slash = anchored[i + 2] === '/';
        out += slash ? '(?:.*/)?' : '.*';
        i += slash ? 2 : 1;
      } else out += '[^/]*';
    } else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const end = anchored.indexOf(']', i + 2);
      if (end < 0) out += '\\[';
      else {
        const body = anchored
          .slice(i + 1, end)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\');
        out += `[${body}]`;
        i = end;
      }
    } else if (c === '{') {
      depth++;
      out += '(?:';
    } else if (c === '}' && depth > 0) {
      depth--;
      out += ')';
    } else if (c === ',' && depth > 0) out += '|';
    else out += c.replace(/[.+^$()|\\/]/g, '\\$&');
  }
  return new RegExp(`^${out}$`, caseInsensitive ? 'i' : '');
}
