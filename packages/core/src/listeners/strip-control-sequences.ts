// Text from a model, a tool or a stored file is shown on a terminal, and a
// terminal obeys what it is sent: OSC 52 writes the clipboard, OSC 0/2 retitle
// the window, CSI moves the cursor and erases the screen, a carriage return
// rewrites the line. This is the one place that takes all of that out, in one
// pass over the text (linear: every code unit is looked at once), with its
// state kept across the pieces of a stream so a sequence split between two
// deltas is still recognised. What a person should see stays: printable text
// (every script, emoji), line breaks and tabs. A carriage return becomes a
// line break (CR LF one), so nothing written can hide what came before it.

/** The parser's states: where in an escape sequence the last code unit left it. */
const TEXT = 0;
/** After ESC. */
const ESCAPE = 1;
/** After ESC and intermediate bytes (`ESC ( B`, `ESC # 8`): waiting for the final byte. */
const ESCAPE_INTERMEDIATE = 2;
/** Inside a CSI sequence (`ESC [` or 0x9b): parameters and intermediates until a final byte. */
const CSI = 3;
/** Inside a control string (OSC, DCS, SOS, PM, APC): everything until ST, BEL or a line break. */
const CONTROL_STRING = 4;
/** Inside a control string, after ESC: `\` ends it (ST); anything else starts a new sequence. */
const CONTROL_STRING_ESCAPE = 5;

type State = 0 | 1 | 2 | 3 | 4 | 5;

const ESC = 0x1b;
const BEL = 0x07;
const CAN = 0x18;
const SUB = 0x1a;
const LF = 0x0a;
const CR = 0x0d;
const TAB = 0x09;
const DEL = 0x7f;
/** 8-bit CSI, and the 8-bit openers of control strings (DCS, SOS, OSC, PM, APC). */
const C1_CSI = 0x9b;
const C1_STRINGS = new Set([0x90, 0x98, 0x9d, 0x9e, 0x9f]);
/** 7-bit openers of control strings after ESC: DCS `P`, SOS `X`, OSC `]`, PM `^`, APC `_`. */
const STRING_OPENERS = new Set([0x50, 0x58, 0x5d, 0x5e, 0x5f]);

/** Anything the parser has to look at; text without these passes through untouched. */
const NEEDS_WORK = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

/**
 * A stream filter that removes terminal control sequences from text shown to
 * a person: OSC (clipboard writes, titles, hyperlinks), CSI (cursor movement,
 * erase, scroll regions, colours), DCS / SOS / PM / APC strings, two- and
 * three-character ESC sequences, C1 controls (U+0080–U+009F, 8-bit CSI
 * included) and every other control character but line feed and tab. A
 * carriage return becomes a line feed (CR LF becomes one). One instance per
 * stream: a sequence that starts in one {@link push} and ends in the next is
 * removed whole. Runs in time linear in the text.
 */
export class ControlSequenceStripper {
  #state: State = TEXT;
  /** A carriage return was the last thing seen: a line break is owed unless a line feed follows. */
  #cr = false;
  /** Set when a code unit broke off a sequence without belonging to it: it is read again, as text. */
  #reprocess = false;

  /** The showable part of the next piece of the stream. */
  push(chunk: string): string {
    if (this.#state === TEXT && !this.#cr && !NEEDS_WORK.test(chunk)) return chunk;
    let out = '';
    let run = 0; // start of the current stretch of plain text, copied in one slice
    let i = 0;
    while (i < chunk.length) {
      const c = chunk.charCodeAt(i);
      if (this.#state === TEXT && c >= 0x20 && c !== DEL && (c < 0x80 || c > 0x9f)) {
        if (this.#cr) {
          out += '\n';
          this.#cr = false;
          run = i;
        }
        i++;
        continue;
      }
      if (this.#state === TEXT) out += chunk.slice(run, i);
      out += this.#step(c);
      i++;
      if (this.#state === TEXT && this.#reprocess) {
        this.#reprocess = false;
        i--; // the code unit ended a sequence without belonging to it: it is text
      }
      run = i;
    }
    if (this.#state === TEXT) out += chunk.slice(run);
    return out;
  }

  /** Ends the stream: a sequence left open is dropped, a trailing carriage return becomes a line break. */
  end(): string {
    const owed = this.#cr ? '\n' : '';
    this.#state = TEXT;
    this.#cr = false;
    this.#reprocess = false;
    return owed;
  }

  /** Handles one code unit that is not plain text in the TEXT state; returns what it shows. */
  #step(c: number): string {
    if (c >= 0x80 && c <= 0x9f) return this.#c1(c);
    switch (this.#state) {
      case TEXT:
        return c === ESC ? this.#enter(ESCAPE) : this.#control(c);
      case ESCAPE:
        if (c === 0x5b) return this.#enter(CSI); // [
        if (STRING_OPENERS.has(c)) return this.#enter(CONTROL_STRING);
        if (c >= 0x20 && c <= 0x2f) return this.#enter(ESCAPE_INTERMEDIATE);
        if (c >= 0x30 && c <= 0x7e) return this.#enter(TEXT); // a two-character sequence: ESC 7, ESC c, ESC M
        return this.#inSequence(c);
      case ESCAPE_INTERMEDIATE:
        if (c >= 0x20 && c <= 0x2f) return '';
        if (c >= 0x30 && c <= 0x7e) return this.#enter(TEXT);
        return this.#inSequence(c);
      case CSI:
        if (c >= 0x20 && c <= 0x3f) return ''; // parameters and intermediates
        if (c >= 0x40 && c <= 0x7e) return this.#enter(TEXT); // the final byte
        return this.#inSequence(c);
      case CONTROL_STRING:
        if (c === BEL || c === CAN || c === SUB) return this.#enter(TEXT);
        if (c === ESC) return this.#enter(CONTROL_STRING_ESCAPE);
        // A line break ends an unterminated string: a stray opener cannot swallow the rest of an answer.
        if (c === LF || c === CR) {
          this.#state = TEXT;
          return this.#control(c);
        }
        return '';
      default: // CONTROL_STRING_ESCAPE
        if (c === 0x5c) return this.#enter(TEXT); // ESC \ is ST
        this.#state = ESCAPE; // the ESC opened something else
        return this.#step(c);
    }
  }

  /** A C0 control, DEL, or a character that breaks off the sequence it arrived in. */
  #inSequence(c: number): string {
    if (c === ESC) return this.#enter(ESCAPE);
    if (c === CAN || c === SUB) return this.#enter(TEXT);
    if (c < 0x20 || c === DEL) return this.#control(c); // a terminal executes controls inside a sequence
    // Not part of any sequence (a letter of another script): the sequence is over, the character is text.
    this.#state = TEXT;
    this.#reprocess = true;
    return '';
  }

  /** An 8-bit control: CSI and the control-string openers start sequences; the rest (ST included) are dropped. */
  #c1(c: number): string {
    if (c === C1_CSI) return this.#enter(CSI);
    if (C1_STRINGS.has(c)) return this.#enter(CONTROL_STRING);
    if (this.#state === CONTROL_STRING || this.#state === CONTROL_STRING_ESCAPE) {
      if (c === 0x9c) this.#state = TEXT; // ST
      return '';
    }
    return this.#enter(TEXT); // any other C1 control breaks off a sequence, as it does on a terminal
  }

  /** A C0 control or DEL on its own: line feed and tab stay, a carriage return is owed as a line break, the rest go. */
  #control(c: number): string {
    const owed = this.#cr && c !== LF ? '\n' : '';
    if (c === CR) {
      this.#cr = true;
      return owed;
    }
    this.#cr = false;
    if (c === LF) return '\n';
    if (c === TAB) return `${owed}\t`;
    return owed;
  }

  #enter(state: State): string {
    this.#state = state;
    return '';
  }
}

/** `text` without terminal control sequences (see {@link ControlSequenceStripper}), for text shown whole. */
export function stripControlSequences(text: string): string {
  const stripper = new ControlSequenceStripper();
  return stripper.push(text) + stripper.end();
}
