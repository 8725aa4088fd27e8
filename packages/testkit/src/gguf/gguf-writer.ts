/**
 * A dependency-free GGUF v3 encoder: key-values and F32 tensors, enough to
 * write a model llama.cpp loads. Spec: github.com/ggml-org/ggml docs/gguf.md.
 */

/** One metadata value, tagged with its GGUF type. */
export type GgufValue =
  | { readonly type: 'u32'; readonly value: number }
  | { readonly type: 'i32'; readonly value: number }
  | { readonly type: 'f32'; readonly value: number }
  | { readonly type: 'bool'; readonly value: boolean }
  | { readonly type: 'string'; readonly value: string }
  | { readonly type: 'string[]'; readonly value: readonly string[] }
  | { readonly type: 'f32[]'; readonly value: readonly number[] }
  | { readonly type: 'i32[]'; readonly value: readonly number[] };

/** One F32 tensor; `dims[0]` is the fastest-moving (ggml's `ne0`). */
export interface GgufTensor {
  readonly name: string;
  readonly dims: readonly number[];
  readonly data: Float32Array;
}

const ALIGNMENT = 32;
const TYPE = { u32: 4, i32: 5, f32: 6, bool: 7, string: 8, array: 9 } as const;
const GGML_F32 = 0;

class ByteSink {
  readonly #chunks: Buffer[] = [];
  length = 0;

  push(buffer: Buffer): void {
    this.#chunks.push(buffer);
    this.length += buffer.length;
  }
  u32(n: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    this.push(b);
  }
  i32(n: number): void {
    const b = Buffer.alloc(4);
    b.writeInt32LE(n);
    this.push(b);
  }
  u64(n: number): void {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(n));
    this.push(b);
  }
  f32(n: number): void {
    const b = Buffer.alloc(4);
    b.writeFloatLE(n);
    this.push(b);
  }
  string(s: string): void {
    const bytes = Buffer.from(s, 'utf8');
    this.u64(bytes.length);
    this.push(bytes);
  }
  pad(): void {
    const extra = (ALIGNMENT - (this.length % ALIGNMENT)) % ALIGNMENT;
    if (extra > 0) this.push(Buffer.alloc(extra));
  }
  concat(): Buffer {
    return Buffer.concat(this.#chunks);
  }
}

type Scalar = 'u32' | 'i32' | 'f32' | 'string';

function writeScalar(sink: ByteSink, type: Scalar, value: number | string): void {
  if (type === 'string') sink.string(value as string);
  else sink[type](value as number);
}

function writeValue(sink: ByteSink, v: GgufValue): void {
  if (v.type === 'bool') {
    sink.u32(TYPE.bool);
    sink.push(Buffer.from([v.value ? 1 : 0]));
    return;
  }
  if (v.type.endsWith('[]')) {
    const element = v.type.slice(0, -2) as Scalar;
    const values = v.value as readonly (number | string)[];
    sink.u32(TYPE.array);
    sink.u32(TYPE[element]);
    sink.u64(values.length);
    for (const value of values) writeScalar(sink, element, value);
    return;
  }
  sink.u32(TYPE[v.type as Scalar]);
  writeScalar(sink, v.type as Scalar, v.value as number | string);
}

/** Encodes a GGUF v3 file: header, key-values, tensor infos, aligned F32 data. */
export function encodeGguf(
  metadata: Readonly<Record<string, GgufValue>>,
  tensors: readonly GgufTensor[],
): Buffer {
  const sink = new ByteSink();
  sink.push(Buffer.from('GGUF', 'ascii'));
  sink.u32(3);
  sink.u64(tensors.length);
  const entries = Object.entries(metadata);
  sink.u64(entries.length);
  for (const [key, value] of entries) {
    sink.string(key);
    writeValue(sink, value);
  }
  let offset = 0;
  for (const t of tensors) {
    const count = t.dims.reduce((a, b) => a * b, 1);
    if (count !== t.data.length)
      throw new Error(`tensor ${t.name}: dims say ${count} values, data has ${t.data.length}`);
    sink.string(t.name);
    sink.u32(t.dims.length);
    for (const d of t.dims) sink.u64(d);
    sink.u32(GGML_F32);
    sink.u64(offset);
    offset += Math.ceil((count * 4) / ALIGNMENT) * ALIGNMENT;
  }
  sink.pad();
  for (const t of tensors) {
    sink.push(Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength));
    sink.pad();
  }
  return sink.concat();
}
