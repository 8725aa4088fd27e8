import type { Operator } from './lexer.ts';

/** A parsed calculator expression. Numbers keep Python's int/float split. */
export type Expression =
  | { readonly kind: 'number'; readonly value: bigint | number }
  | { readonly kind: 'unary'; readonly op: '+' | '-'; readonly operand: Expression }
  | {
      readonly kind: 'binary';
      readonly op: Operator;
      readonly left: Expression;
      readonly right: Expression;
      /** 1-based position of the operator, for error messages. */
      readonly position: number;
    };
