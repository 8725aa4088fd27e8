// @kodama/memory: the public surface (being built).
export {};
