// sse-large: one 50 MB delta and 1 M small ones through kodama's
// OpenAI-compatible model (resolveModel, the lean adapter over node:http)
// against a raw node:http server on loopback in a child process, each case
// measured beside its floor in the same run:
// - big: the model's stream of one 50,000,000-character delta, against a bare
//   node:http client that gathers the same bytes and JSON.parses the event
//   (the least a client can do to get the delta). Also printed: JSON.parse of
//   the already-decoded event alone.
// - small: 1,000,000 one-character deltas (100 per server write), against a
//   bare node:http client that splits lines and JSON.parses each event.
// Every measurement runs in a fresh child process (this file with a mode
// argument), so no run inherits another's heap or JIT state. Time is the
// child's CPU (user + system, process.cpuUsage) around the request. Memory
// is honest peak RSS: the kernel's high-water mark of the child
// (process.resourceUsage().maxRSS, read when the stream is over) minus its
// RSS just before the request (after a gc), so it counts every byte the
// stream made resident: network buffers, decoded text, the parsed delta and
// the caller's copy of it. Each child checks the delta's length and SHA-256.
// Medians of ROUNDS interleaved rounds. The floors' children load no kodama
// module (a bare client), so their collector has a smaller heap to walk; with
// the same modules loaded the big floor costs what kodama's stream does.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { startServerProcess } from '../../../bench/support/server-process.ts';
import { BIG_CHARS, bigText, SMALL_EVENTS, sha256 } from './_sse-large-payload.ts';

const ROUNDS = 3;

/** What one child measured. */
interface Sample {
  readonly cpuMs: number;
  readonly peakMb: number;
  readonly parseMs?: number;
}

const mode = process.argv[2];
if (mode) await child(mode, process.argv[3]!, process.argv[4]!);
else await parent();

async function parent(): Promise<void> {
  const server = await startServerProcess(new URL('./_sse-large-server.ts', import.meta.url));
  // Made here, not in the children: a child that built the text before its
  // first RSS reading would have that memory resident already, and its peak
  // would look smaller than it is.
  const hash = sha256(bigText());
  const modes = ['big-floor', 'big-kodama', 'small-floor', 'small-kodama'] as const;
  const samples = Object.fromEntries(modes.map((m) => [m, [] as Sample[]])) as Record<
    (typeof modes)[number],
    Sample[]
  >;
  for (let r = 0; r < ROUNDS; r++)
    for (const m of modes) samples[m].push(await runChild(m, server.url, hash));
  await server.stop();
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const of = (m: (typeof modes)[number], key: keyof Sample): number =>
    median(samples[m].map((s) => s[key] ?? Number.NaN));
  const fmt = (n: number, digits = 2): string => n.toFixed(digits);
  for (const m of modes)
    console.log(
      `${m}: cpu_ms ${samples[m].map((s) => fmt(s.cpuMs, 0)).join(' ')}  peak_mb ${samples[m].map((s) => fmt(s.peakMb, 0)).join(' ')}`,
    );
  const bigFloor = of('big-floor', 'cpuMs');
  const bigOurs = of('big-kodama', 'cpuMs');
  console.log(
    `big: ${BIG_CHARS} chars; kodama ${fmt(bigOurs, 0)} ms, floor (bare http + JSON.parse) ${fmt(bigFloor, 0)} ms, ` +
      `JSON.parse alone ${fmt(of('big-floor', 'parseMs'), 0)} ms; floor peak ${fmt(of('big-floor', 'peakMb'), 0)} MB`,
  );
  const smallFloor = (of('small-floor', 'cpuMs') * 1000) / SMALL_EVENTS;
  const smallOurs = (of('small-kodama', 'cpuMs') * 1000) / SMALL_EVENTS;
  console.log(`small: ${SMALL_EVENTS} events; floor ${fmt(smallFloor, 3)} us/event`);
  console.log(
    `RESULT sse-large big_ratio_vs_parse=${fmt(bigOurs / bigFloor)} big_peak_mb=${fmt(of('big-kodama', 'peakMb'), 0)} ` +
      `small_us_per_event=${fmt(smallOurs, 3)}`,
  );
}

function runChild(mode: string, url: string, hash: string): Promise<Sample> {
  const file = fileURLToPath(import.meta.url);
  const args = ['--expose-gc', '--conditions=@kodama/source', '--import', 'tsx', file, mode, url, hash];
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    proc.once('exit', (code) => {
      if (code !== 0) reject(new Error(`${mode} exited with ${code}: ${out}`));
      else resolve(JSON.parse(out.trim().split('\n').pop()!) as Sample);
    });
  });
}

async function child(mode: string, url: string, hash: string): Promise<void> {
  const [size, client] = mode.split('-') as ['big' | 'small', 'floor' | 'kodama'];
  const base = `${url}/${size}/v1`;
  const expected = size === 'big' ? { length: BIG_CHARS, hash } : undefined;
  let model: Awaited<ReturnType<typeof import('@kodama/models').resolveModel>> | undefined;
  if (client === 'kodama') {
    const { resolveModel } = await import('@kodama/models');
    model = await resolveModel(`openai-compatible:${base}@m`, { maxRetries: 0 });
  }
  (globalThis as { gc?: () => void }).gc?.();
  const rssBefore = process.memoryUsage().rss;
  const cpu0 = process.cpuUsage();
  let text: string;
  let parseMs: number | undefined;
  if (model) {
    const parts: string[] = [];
    for await (const part of model.stream({ messages: [{ role: 'user', content: 'go' }] }))
      if (part.type === 'text-delta') parts.push(part.text);
    text = parts.length === 1 ? parts[0]! : parts.join('');
  } else if (size === 'big') {
    const body = await post(`${base}/chat/completions`);
    const whole = Buffer.concat(body).toString('utf8');
    const event = whole.slice(6, whole.indexOf('\n'));
    const t0 = performance.now();
    text = JSON.parse(event).choices[0].delta.content;
    parseMs = performance.now() - t0;
  } else {
    text = await smallFloor(`${base}/chat/completions`);
  }
  const cpu = process.cpuUsage(cpu0);
  const peakMb = (process.resourceUsage().maxRSS * 1024 - rssBefore) / 2 ** 20;
  if (expected) {
    if (text.length !== expected.length || sha256(text) !== expected.hash)
      throw new Error(`${mode}: the delta arrived changed (${text.length} chars)`);
  } else if (text.length !== SMALL_EVENTS) throw new Error(`${mode}: ${text.length} deltas`);
  const sample: Sample = { cpuMs: (cpu.user + cpu.system) / 1000, peakMb, parseMs };
  process.stdout.write(`${JSON.stringify(sample)}\n`);
}

/** A bare node:http POST, its body gathered as buffers. */
function post(url: string): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json' } });
    request.on('error', reject);
    request.on('response', (response) => {
      const parts: Buffer[] = [];
      response.on('data', (d: Buffer) => parts.push(d));
      response.on('end', () => resolve(parts));
      response.on('error', reject);
    });
    request.end('{"model":"m","messages":[{"role":"user","content":"go"}],"stream":true}');
  });
}

/** The floor for small events: a bare node:http client splitting lines and parsing each event. */
function smallFloor(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json' } });
    request.on('error', reject);
    request.on('response', (response) => {
      response.setEncoding('utf8');
      const parts: string[] = [];
      let rest = '';
      response.on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) {
          if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
          const content = JSON.parse(line.slice(6)).choices[0]?.delta?.content;
          if (content) parts.push(content);
        }
      });
      response.on('end', () => resolve(parts.join('')));
      response.on('error', reject);
    });
    request.end('{"model":"m","messages":[{"role":"user","content":"go"}],"stream":true}');
  });
}
