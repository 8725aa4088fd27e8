// Counts string literals that name a built-in tool outside the package that
// owns the tool (issue 23: behaviour reads a tool's declared effects, never its
// name). `node scripts/tool-name-literals.mjs` lists each one and the total.
// Not counted: the owning packages, and literals that only coincide with a
// tool name (a program run by bash, a SQLite transaction mode, a highlight
// language, bash's own command names in @kodama/shell, the testkit's recorded
// sessions used as test data, a JSON Schema `required` property name, a path
// resolution's access mode, and a literal whose line, or whose statement's
// first line, is preceded by a `// not a tool name: <why>` comment).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = new URL('..', import.meta.url).pathname;
/** Each built-in tool (or tool group a user names on the command line) and the package that owns it. */
const OWNERS = {
  read: 'workspace',
  write: 'workspace',
  edit: 'workspace',
  grep: 'workspace',
  glob: 'workspace',
  bash: 'workspace',
  calculator: 'tools',
  fetch: 'tools',
  web_scrape: 'tools',
  web_search: 'tools',
  tasks: 'tools',
  task_create: 'tools',
  task_update: 'tools',
  task_delete: 'tools',
  task_list: 'tools',
  corpus_search: 'memory',
  corpus_read: 'memory',
  corpus_reindex: 'memory',
  skill: 'skills',
  agent: 'subagents',
  final_answer: 'core',
};
/** Packages and folders whose literals are not tool names (see the header). */
const NOT_TOOLS = [
  'packages/testkit/',
  'packages/shell/',
  'packages/sqlite/',
  'packages/memory/src/db/',
  'packages/assistant/src/markdown/',
];

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (path.endsWith('.ts')) yield path;
  }
}

/** True when the literal is a program's name in an argv array (`['bash', '-c', …]`). */
function isArgv(node) {
  return (
    ts.isArrayLiteralExpression(node.parent) &&
    node.parent.elements[0] === node &&
    node.parent.elements.length > 1 &&
    node.parent.elements.slice(1).some((e) => ts.isStringLiteral(e) && e.text.startsWith('-'))
  );
}

/** True when the literal names a JSON Schema property in a `required` list (`required: ['agent', 'message']`). */
function isRequiredProperty(node) {
  const list = node.parent;
  return (
    ts.isArrayLiteralExpression(list) &&
    ts.isPropertyAssignment(list.parent) &&
    list.parent.initializer === list &&
    list.parent.name.getText() === 'required'
  );
}

/** True when the literal is the access mode of a path resolution (`workspace.resolve(path, 'read')`). */
function isAccessMode(node) {
  const call = node.parent;
  return (
    ts.isCallExpression(call) &&
    call.arguments[1] === node &&
    ts.isPropertyAccessExpression(call.expression) &&
    call.expression.name.text === 'resolve'
  );
}

/** True when the line before `line` is a `// not a tool name: <why>` comment. */
function markedAbove(sf, line) {
  if (line === 0) return false;
  const before = sf.text.slice(
    sf.getPositionOfLineAndCharacter(line - 1, 0),
    sf.getPositionOfLineAndCharacter(line, 0),
  );
  return /\/\/\s*not a tool name:/.test(before);
}

/**
 * True when a comment says that the literal only coincides with a tool's name
 * (`// not a tool name: the workflow's default name`), on the line before the
 * literal's or before the statement that holds it (a literal on a continuation
 * line of a multi-line statement): each such place says why, where a reviewer reads it.
 */
function isMarkedNotATool(sf, node) {
  const lineOf = (n) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line;
  if (markedAbove(sf, lineOf(node))) return true;
  // The nearest statement (or class member): never a whole function or class.
  const holds = (n) =>
    ts.isBlock(n) || ts.isSourceFile(n) || ts.isModuleBlock(n) || ts.isCaseClause(n) || ts.isClassLike(n);
  let statement = node;
  while (statement.parent && !holds(statement.parent)) statement = statement.parent;
  return statement !== node && markedAbove(sf, lineOf(statement));
}

const found = [];
for (const pkg of readdirSync(join(root, 'packages'))) {
  const src = join(root, 'packages', pkg, 'src');
  try {
    statSync(src);
  } catch {
    continue;
  }
  for (const file of files(src)) {
    const rel = relative(root, file);
    if (NOT_TOOLS.some((p) => rel.startsWith(p))) continue;
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
    const visit = (node) => {
      if (
        (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
        Object.hasOwn(OWNERS, node.text)
      ) {
        const owner = OWNERS[node.text];
        const isName =
          ts.isPropertyAssignment(node.parent) &&
          node.parent.initializer === node &&
          node.parent.name.getText(sf) === 'name';
        if (
          pkg !== owner &&
          !isArgv(node) &&
          !isRequiredProperty(node) &&
          !isAccessMode(node) &&
          !isMarkedNotATool(sf, node) &&
          !(isName && pkg === owner)
        ) {
          const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
          found.push(`${rel}:${line + 1}\t'${node.text}'`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
}
for (const f of found) console.log(f);
console.log(
  `RESULT tool-name-literals count=${found.length} files=${new Set(found.map((f) => f.split(':')[0])).size}`,
);
