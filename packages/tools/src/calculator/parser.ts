import type { Expression } from './ast.ts';
import { CalculatorError } from './calculator-error.ts';
import { type Token, tokenize } from './lexer.ts';

/** Deepest nesting of parentheses/unary operators accepted; Python's own parser stops near here. */
export const MAX_NESTING = 200;

/**
 * Parses Python arithmetic with Python's precedence:
 *   sum    := term (('+' | '-') term)*
 *   term   := factor (('*' | '/' | '//' | '%') factor)*
 *   factor := ('+' | '-') factor | power
 *   power  := atom ('**' factor)?        (right-associative, binds tighter than unary minus on its left)
 *   atom   := number | '(' sum ')'
 * Throws `CalculatorError` with a 1-based position on a syntax error.
 */
export function parse(source: string): Expression {
  const tokens = tokenize(source);
  if (tokens.length === 1) throw new CalculatorError('syntax error: the expression is empty');
  const parser = new Parser(tokens);
  const expression = parser.sum();
  const last = parser.peek();
  if (last.kind !== 'end') throw unexpected(last);
  return expression;
}

class Parser {
  private index = 0;
  private depth = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  peek(): Token {
    return this.tokens[this.index] as Token;
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.index += 1;
    return token;
  }

  sum(): Expression {
    let left = this.term();
    for (
      let token = this.peek();
      token.kind === 'op' && (token.op === '+' || token.op === '-');
      token = this.peek()
    ) {
      this.next();
      left = { kind: 'binary', op: token.op, left, right: this.term(), position: token.position };
    }
    return left;
  }

  private term(): Expression {
    let left = this.factor();
    for (
      let token = this.peek();
      token.kind === 'op' && (token.op === '*' || token.op === '/' || token.op === '//' || token.op === '%');
      token = this.peek()
    ) {
      this.next();
      left = { kind: 'binary', op: token.op, left, right: this.factor(), position: token.position };
    }
    return left;
  }

  private factor(): Expression {
    const token = this.peek();
    if (token.kind === 'op' && (token.op === '+' || token.op === '-')) {
      this.next();
      return this.nested(token, () => ({ kind: 'unary', op: token.op as '+' | '-', operand: this.factor() }));
    }
    return this.power();
  }

  private power(): Expression {
    const base = this.atom();
    const token = this.peek();
    if (token.kind === 'op' && token.op === '**') {
      this.next();
      return this.nested(token, () => ({
        kind: 'binary',
        op: '**',
        left: base,
        right: this.factor(),
        position: token.position,
      }));
    }
    return base;
  }

  private atom(): Expression {
    const token = this.next();
    if (token.kind === 'int' || token.kind === 'float') return { kind: 'number', value: token.value };
    if (token.kind === 'lparen') {
      const inner = this.nested(token, () => this.sum());
      const close = this.next();
      if (close.kind !== 'rparen') {
        if (close.kind === 'end') {
          throw new CalculatorError(`syntax error: "(" at position ${token.position} is never closed`);
        }
        throw unexpected(close);
      }
      return inner;
    }
    throw unexpected(token);
  }

  private nested(at: Token, parseInner: () => Expression): Expression {
    this.depth += 1;
    if (this.depth > MAX_NESTING) {
      throw new CalculatorError(
        `syntax error at position ${at.position}: nesting deeper than ${MAX_NESTING} levels`,
      );
    }
    const result = parseInner();
    this.depth -= 1;
    return result;
  }
}

function unexpected(token: Token): CalculatorError {
  if (token.kind === 'end') return new CalculatorError('syntax error: the expression ends too early');
  return new CalculatorError(`syntax error at position ${token.position}: unexpected "${token.text}"`);
}
