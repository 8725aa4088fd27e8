/**
 * What a tool asks a person to approve: the same shape as
 * `@kodama/workspace`'s ConfirmRequest, declared here so the assistant
 * imports only core (TypeScript's structural typing lets the CLI pass the
 * assistant's confirmer wherever the workspace wants a Confirmer).
 */
export interface ConfirmRequest {
  readonly tool: string;
  /** One line: what will happen. */
  readonly title: string;
  /** The command, or a unified diff for write and edit; '' when the title says it all. */
  readonly detail: string;
  /** Hidden content found while sanitizing (names from the workspace's sanitizer). */
  readonly warnings: readonly string[];
  /** The file a write or edit changes, as the model gave it (permission rules match it). */
  readonly path?: string;
}

/** Something that approves requests (the workspace's Confirmer contract: resolve false, never throw). */
export interface Confirmer {
  readonly reviewed: boolean;
  confirm(request: ConfirmRequest, signal?: AbortSignal): Promise<boolean>;
}

/** A person's answer: yes; no, with an optional reason for the model; yes to this rule for the rest of the session. */
export type ConfirmAnswer =
  | { readonly kind: 'yes' }
  | { readonly kind: 'no'; readonly reason?: string }
  | { readonly kind: 'always' };

/** A question shown inline above the input. */
export interface ConfirmQuestion {
  readonly request: ConfirmRequest;
  /** False for the taint gate: "always" is not offered. */
  readonly allowAlways: boolean;
}

/** Shows a question and waits for the answer; resolves `no` when `signal` aborts. */
export type AskPerson = (question: ConfirmQuestion, signal?: AbortSignal) => Promise<ConfirmAnswer>;
