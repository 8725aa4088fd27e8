// @kodama/assemblies: the public surface (being built).
export {};
