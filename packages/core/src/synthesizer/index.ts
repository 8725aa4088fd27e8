export type { SynthesizerInput } from './synthesizer.ts';
export { buildEvidencePrompt, runSynthesizer, SYNTHESIZER_SYSTEM_PROMPT } from './synthesizer.ts';
