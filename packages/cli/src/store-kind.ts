/** Where `--store` keeps sessions: one JSONL file per session (the default), or one SQLite database. */
export type StoreKind = 'jsonl' | 'sqlite';

/** Every `--store` value. */
export const STORE_KINDS: readonly StoreKind[] = ['jsonl', 'sqlite'];
