// Public API; filled in by its owner.
export {};
