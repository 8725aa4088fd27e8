/** What the `edit` tool replaces: its arguments, as the model sent them. */
export interface EditArgs {
  readonly old_string: string;
  readonly new_string: string;
  readonly replace_all?: boolean;
}

/**
 * The file's text after an edit, or why the edit cannot apply. `lines` are
 * the 1-based lines of the occurrences replaced (for the tool's answer).
 */
export type EditedText =
  | { readonly ok: true; readonly text: string; readonly lines: readonly number[] }
  | { readonly ok: false; readonly reason: string };

/** 1-based line numbers of each occurrence of `needle` in `text`. */
function occurrences(text: string, needle: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let scanned = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) {
    for (let i = text.indexOf('\n', scanned); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) line++;
    scanned = at;
    lines.push(line);
  }
  return lines;
}

/** True when the text has line endings and every one of them is CRLF. */
function allLineEndingsCrlf(text: string): boolean {
  const lf = text.split('\n').length - 1;
  return lf > 0 && text.split('\r\n').length - 1 === lf;
}

/** Why the arguments cannot edit any file (checked before the file is opened); undefined when they can. */
export function editArgsProblem(args: EditArgs): string | undefined {
  if (args.old_string === '') return 'old_string is empty; to create a file use the write tool';
  if (args.old_string === args.new_string) return 'old_string and new_string are the same; nothing to do';
  return undefined;
}

/**
 * The one implementation of the edit: what `edit` writes for a file whose
 * text is `before`, and the preview a review shows (`WritesFile.preview`).
 * Pure. A file whose line endings are all CRLF is matched and written in LF
 * space and keeps its CRLF endings; a mixed file is matched as it is.
 * `shownAs` names the file in the reasons.
 */
export function editedText(before: string, args: EditArgs, shownAs: string): EditedText {
  const problem = editArgsProblem(args);
  if (problem !== undefined) return { ok: false, reason: problem };
  if (before.includes('\0'))
    return { ok: false, reason: `${shownAs} is a binary file; edit changes text files only` };
  const crlf = allLineEndingsCrlf(before);
  const toLf = (s: string) => (crlf ? s.replace(/\r\n/g, '\n') : s);
  const text = toLf(before);
  const oldString = toLf(args.old_string);
  const newString = toLf(args.new_string);
  const found = occurrences(text, oldString);
  if (found.length === 0)
    return {
      ok: false,
      reason: `old_string was not found in ${shownAs}; it must match exactly, including whitespace and indentation. Read the file and copy the text.`,
    };
  if (found.length > 1 && args.replace_all !== true)
    return {
      ok: false,
      reason: `old_string occurs ${found.length} times in ${shownAs} (lines ${found.join(', ')}); add surrounding context to make it unique, or set replace_all to true`,
    };
  // split/join and slicing: String.replace would interpret `$&` in new_string.
  let result: string;
  if (args.replace_all === true) result = text.split(oldString).join(newString);
  else {
    const at = text.indexOf(oldString);
    result = text.slice(0, at) + newString + text.slice(at + oldString.length);
  }
  if (crlf) result = result.replace(/\n/g, '\r\n');
  return { ok: true, text: result, lines: args.replace_all === true ? found : found.slice(0, 1) };
}
