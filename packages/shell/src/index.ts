/** Placeholder: the shell parser lands here. */
export {};
