// Public API of this folder; filled in by its owner.
export {};
