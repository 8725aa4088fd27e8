// Child process of local-lazy.test.ts: records every module resolved while
// importing @kodama/models and resolving a hosted target, then while resolving
// a local: one. Prints { before, after } as JSON.
import { readFileSync } from 'node:fs';
import { register } from 'node:module';
import { join } from 'node:path';

const dir = process.argv[2]!;
const file = join(dir, 'urls.txt');
register(new URL('./support/record-resolved-urls.mjs', import.meta.url), { data: { file } });
const recorded = (): string[] => readFileSync(file, 'utf8').split('\n').filter(Boolean);

const { parseTarget, resolveModel } = await import('@kodama/models');
const { writeTinyChatModel } = await import('@kodama/testkit');
parseTarget('local:/x.gguf');
await resolveModel('anthropic:claude-sonnet-4-5', { env: { ANTHROPIC_API_KEY: 'k' } });
const before = recorded();
const model = await resolveModel(`local:${await writeTinyChatModel(join(dir, 't.gguf'))}?threads=1`);
await (model as { close(): Promise<void> } & typeof model).close();
process.stdout.write(JSON.stringify({ before, after: recorded().slice(before.length) }));
