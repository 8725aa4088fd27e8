import { InjectionDetectedError } from './injection-detected-error.ts';
import { type ServerSurface, surfaceFields } from './surface.ts';

/** The classes of invisible or reordering characters the Unicode pass refuses, with their names. */
const CLASSES: ReadonlyArray<{ name: string; test: (cp: number) => boolean }> = [
  {
    name: 'zero-width character',
    test: (cp) => cp === 0x200b || cp === 0x200c || cp === 0x200d || cp === 0x2060 || cp === 0x180e,
  },
  {
    name: 'bidi control',
    test: (cp) =>
      (cp >= 0x202a && cp <= 0x202e) ||
      (cp >= 0x2066 && cp <= 0x2069) ||
      cp === 0x200e ||
      cp === 0x200f ||
      cp === 0x061c,
  },
  { name: 'tag character', test: (cp) => cp >= 0xe0000 && cp <= 0xe007f },
  { name: 'byte order mark', test: (cp) => cp === 0xfeff },
  { name: 'interlinear annotation character', test: (cp) => cp >= 0xfff9 && cp <= 0xfffb },
];

function hex(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * The first hidden character in `text`, described (`U+200B (zero-width
 * character) at offset 12`), or `undefined` when there is none.
 */
export function findHiddenCharacter(text: string): string | undefined {
  let offset = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    const hit = CLASSES.find((c) => c.test(cp));
    if (hit) return `${hex(cp)} (${hit.name}) at offset ${offset}`;
    offset += ch.length;
  }
  return undefined;
}

/**
 * The mechanical pass, always on: zero-width characters, bidi overrides and
 * isolates, tag characters (U+E0000–E007F), the BOM and the interlinear
 * annotation characters hide text from a person reviewing a description while
 * the model still reads it. No server that holds one anywhere is advertised.
 *
 * @throws InjectionDetectedError naming the field and the character.
 */
export function unicodePass(surface: ServerSurface): void {
  for (const field of surfaceFields(surface)) {
    const finding = findHiddenCharacter(field.text);
    if (finding) throw new InjectionDetectedError(surface.id, field.where, finding);
  }
}
