import type { TurnContext } from '../loop/turn-context.ts';
import type { Model } from '../model/model.ts';
import { announceModel } from './model-switch.ts';

/**
 * What an agent knows of its model: the current one, its context window once
 * probed (on the first turn and after every switch), and how many tokens the
 * conversation held after the last response that said.
 */
export class ModelState {
  #model: Model;
  #cap: number | undefined;
  #capAnnounced = false;
  /** The conversation's size after the last response that reported one (`undefined`: unknown). */
  contextTokens: number | undefined;

  constructor(model: Model) {
    this.#model = model;
  }

  /** The current model. */
  get model(): Model {
    return this.#model;
  }

  /** The current model's context window, once probed (`undefined`: unknown). */
  get cap(): number | undefined {
    return this.#cap;
  }

  /** Makes `next` current when it is another model object; returns the model it replaced, if any. */
  switchTo(next: Model | undefined): Model | undefined {
    if (next === undefined || next === this.#model) return undefined;
    const from = this.#model;
    this.#model = next;
    return from;
  }

  /** Inside the turn: `model-switched` when it switched away from `from`, and the window probe when due. */
  async announce(ctx: TurnContext, from: Model | undefined): Promise<void> {
    const announced = await announceModel(ctx, from, from !== undefined || !this.#capAnnounced);
    if (!announced.probed) return;
    this.#cap = announced.cap;
    this.#capAnnounced = true;
  }
}
