// @kodama/durable: the public surface (being built).
export {};
