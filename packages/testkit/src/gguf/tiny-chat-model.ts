import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { encodeGguf, type GgufTensor } from './gguf-writer.ts';

/**
 * What the generated model says, under greedy decoding with node-llama-cpp's
 * ChatML wrapper (its default function-call syntax, `||call: name({...})`).
 * The behaviour is wired into the weights, not learned:
 * - no functions offered: it answers {@link TINY_MODEL.greeting};
 * - functions offered, no result in context yet: it calls the first function
 *   whose name the grammar allows, with every string argument `"Paris"`;
 * - a function result in context: it answers {@link TINY_MODEL.answer};
 * - the prompt holds {@link TINY_MODEL.loopMarker}: it repeats `" la"` until
 *   stopped (for cancellation and throughput);
 * - under a JSON-schema grammar: every free string is `"Paris"`.
 */
export const TINY_MODEL = Object.freeze({
  greeting: 'Hello from the tiny model.',
  answer: 'It is sunny.',
  stringValue: 'Paris',
  loopMarker: '~',
  loopText: 'La la la',
  architecture: 'llama',
  chatTemplate:
    "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}",
});

/** Options of {@link writeTinyChatModel}. */
export interface TinyChatModelOptions {
  /** The training context written into the file (`llama.context_length`); default 4096. */
  readonly contextLength?: number;
  /** `general.name`; default `kodama-tiny`. */
  readonly name?: string;
}

const D = 64; // embedding width
const HEADS = 4; // head width 16; heads 0-2 detect markers, head 3 is idle
const HEAD_DIM = D / HEADS;
const FF = 16;
const CHAIN = 200; // a bigram link: beats every flag bias
// Residual dimensions: a constant one, three flags set by attention, then one per wired token.
const CONST = 0;
const FLAG_TOOLS = 1;
const FLAG_RESULT = 2;
const FLAG_LOOP = 3;
const ONE_OVER_NORM = 1 / Math.sqrt(D / 2); // a token's normalised entries are sqrt(D / 2)

const RESULT_MARKER = '||result:';
const CONTROL = ['<unk>', '<|endoftext|>', '<|im_start|>', '<|im_end|>'];
const TEXT_CHAIN = ['Hello', '▁from', '▁the', '▁tiny', '▁model.'];
const ANSWER_CHAIN = ['It', '▁is', '▁sunny', '.'];
const LOOP_CHAIN = ['La', '▁la'];
const VALUE_CHAIN = ['"', 'P', 'a', 'r', 'i', 's', '"'];

function vocabulary(): { tokens: string[]; scores: number[]; types: number[] } {
  const tokens: string[] = [];
  const scores: number[] = [];
  const types: number[] = [];
  const add = (piece: string, type: number, score = 0): void => {
    if (tokens.includes(piece)) return;
    tokens.push(piece);
    scores.push(score);
    types.push(type);
  };
  add(CONTROL[0]!, 2);
  for (const c of CONTROL.slice(1)) add(c, 3);
  for (let b = 0; b < 256; b++) add(`<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`, 6);
  add('▁', 1);
  for (let c = 0x21; c < 0x7f; c++) add(String.fromCharCode(c), 1);
  // "||" and every prefix of "||result:" merge under SentencePiece, so a
  // rendered function result always holds the one "||result:" token.
  for (let n = 2; n <= RESULT_MARKER.length; n++) add(RESULT_MARKER.slice(0, n), 1, n);
  for (const piece of ['||call:', ...TEXT_CHAIN, ...ANSWER_CHAIN, ...LOOP_CHAIN]) add(piece, 1, -100);
  return { tokens, scores, types };
}

/** Builds the weights; `id` maps a piece to its token id. */
function tensors(vocabSize: number, id: (piece: string) => number): GgufTensor[] {
  const dimOf = new Map<number, number>();
  const dim = (piece: string): number => {
    const token = id(piece);
    let d = dimOf.get(token);
    if (d === undefined) {
      d = 4 + dimOf.size;
      if (d >= D) throw new Error('tiny model: out of residual dimensions');
      dimOf.set(token, d);
    }
    return d;
  };
  const out = new Float32Array(vocabSize * D);
  const logit = (next: string, fromDim: number, weight: number): void => {
    out[id(next) * D + fromDim] = weight;
  };
  const chain = (pieces: readonly string[]): void => {
    for (let i = 0; i + 1 < pieces.length; i++) logit(pieces[i + 1]!, dim(pieces[i]!), CHAIN);
  };
  const newline = dim('<0x0A>');
  const markers = [dim('||'), dim(RESULT_MARKER), dim(TINY_MODEL.loopMarker)];
  chain([...TEXT_CHAIN, '<|im_end|>']);
  chain([...ANSWER_CHAIN, '<|im_end|>']);
  chain([...LOOP_CHAIN, '▁la']);
  chain(['(', '{', '"']);
  chain([':', '"']);
  chain(VALUE_CHAIN);
  // What starts an answer: a greeting, unless a flag says otherwise.
  logit('Hello', newline, 10);
  logit('||call:', FLAG_TOOLS, 20);
  logit('||call:', FLAG_RESULT, -40);
  logit('It', FLAG_RESULT, 40);
  logit('La', FLAG_LOOP, 80);
  // Fallbacks for tokens with no link (and for the grammar's second choices).
  logit('<|im_end|>', CONST, 5);
  logit('"', CONST, 3);
  logit('}', CONST, 2);
  logit('n', CONST, 1); // an optional argument: null rather than a number
  for (const ws of ['▁', '<0x0A>', '<0x09>', '<0x0D>', '<0x20>']) logit(ws, CONST, -5);

  const embed = new Float32Array(vocabSize * D);
  for (let t = 0; t < vocabSize; t++) embed[t * D + CONST] = 1;
  for (const [token, d] of dimOf) embed[token * D + d] = 1;

  const q = new Float32Array(D * D);
  const k = new Float32Array(D * D);
  const v = new Float32Array(D * D);
  const o = new Float32Array(D * D);
  const flags = [FLAG_TOOLS, FLAG_RESULT, FLAG_LOOP];
  markers.forEach((markerDim, h) => {
    // The last rotary pair of the head: with a huge RoPE base it barely turns,
    // so the score depends on the key's token only, never on distance.
    const qk = h * HEAD_DIM + HEAD_DIM - 2;
    q[qk * D + CONST] = 2;
    k[qk * D + markerDim] = 2;
    v[h * HEAD_DIM * D + markerDim] = 1;
    o[flags[h]! * D + h * HEAD_DIM] = ONE_OVER_NORM;
  });
  const ones = new Float32Array(D).fill(1);
  return [
    { name: 'token_embd.weight', dims: [D, vocabSize], data: embed },
    { name: 'output_norm.weight', dims: [D], data: ones },
    { name: 'output.weight', dims: [D, vocabSize], data: out },
    { name: 'blk.0.attn_norm.weight', dims: [D], data: ones },
    { name: 'blk.0.attn_q.weight', dims: [D, D], data: q },
    { name: 'blk.0.attn_k.weight', dims: [D, D], data: k },
    { name: 'blk.0.attn_v.weight', dims: [D, D], data: v },
    { name: 'blk.0.attn_output.weight', dims: [D, D], data: o },
    { name: 'blk.0.ffn_norm.weight', dims: [D], data: ones },
    { name: 'blk.0.ffn_gate.weight', dims: [D, FF], data: new Float32Array(D * FF) },
    { name: 'blk.0.ffn_up.weight', dims: [D, FF], data: new Float32Array(D * FF) },
    { name: 'blk.0.ffn_down.weight', dims: [FF, D], data: new Float32Array(D * FF) },
  ];
}

/**
 * The bytes of a tiny chat model (~0.3 MB, llama architecture, ChatML control
 * tokens, byte-fallback SentencePiece vocabulary, F32 weights wired by hand)
 * whose greedy behaviour is described by {@link TINY_MODEL}.
 */
export function tinyChatModelBytes(options: TinyChatModelOptions = {}): Buffer {
  const { tokens, scores, types } = vocabulary();
  const index = new Map(tokens.map((t, i) => [t, i]));
  const id = (piece: string): number => {
    const i = index.get(piece);
    if (i === undefined) throw new Error(`tiny model: no token ${piece}`);
    return i;
  };
  return encodeGguf(
    {
      'general.architecture': { type: 'string', value: 'llama' },
      'general.name': { type: 'string', value: options.name ?? 'kodama-tiny' },
      'general.file_type': { type: 'u32', value: 0 },
      'llama.context_length': { type: 'u32', value: options.contextLength ?? 4096 },
      'llama.embedding_length': { type: 'u32', value: D },
      'llama.block_count': { type: 'u32', value: 1 },
      'llama.feed_forward_length': { type: 'u32', value: FF },
      'llama.attention.head_count': { type: 'u32', value: HEADS },
      'llama.attention.head_count_kv': { type: 'u32', value: HEADS },
      'llama.attention.layer_norm_rms_epsilon': { type: 'f32', value: 1e-5 },
      'llama.rope.freq_base': { type: 'f32', value: 1e9 },
      'llama.rope.dimension_count': { type: 'u32', value: HEAD_DIM },
      'llama.vocab_size': { type: 'u32', value: tokens.length },
      'tokenizer.ggml.model': { type: 'string', value: 'llama' },
      'tokenizer.ggml.tokens': { type: 'string[]', value: tokens },
      'tokenizer.ggml.scores': { type: 'f32[]', value: scores },
      'tokenizer.ggml.token_type': { type: 'i32[]', value: types },
      'tokenizer.ggml.unknown_token_id': { type: 'u32', value: id('<unk>') },
      'tokenizer.ggml.bos_token_id': { type: 'u32', value: id('<|endoftext|>') },
      'tokenizer.ggml.eos_token_id': { type: 'u32', value: id('<|im_end|>') },
      'tokenizer.ggml.add_bos_token': { type: 'bool', value: false },
      'tokenizer.ggml.add_eos_token': { type: 'bool', value: false },
      'tokenizer.ggml.add_space_prefix': { type: 'bool', value: false },
      'tokenizer.chat_template': { type: 'string', value: TINY_MODEL.chatTemplate },
    },
    tensors(tokens.length, id),
  );
}

/** Writes {@link tinyChatModelBytes} to `path` (creating its folder) and returns `path`. */
export async function writeTinyChatModel(path: string, options: TinyChatModelOptions = {}): Promise<string> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, tinyChatModelBytes(options));
  return path;
}
