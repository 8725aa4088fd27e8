/**
 * The kinds of assembly this package defines. Core's events carry the kind
 * as a plain string (core does not know the assemblies); these are its values.
 */
export type AssemblyKind = 'workflow' | 'swarm' | 'graph';
