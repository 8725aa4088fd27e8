import { InvalidOptionError } from '../errors/invalid-option-error.ts';

/**
 * Artifacts for large tool results (an agent's `artifacts` option): a
 * successful result over `thresholdTokens` is stored whole, and the model
 * reads a preview of its first `previewTokens` and a reference it can read
 * in ranges with `artifact_read`; the Run keeps the whole value
 * (`run.artifacts`). Images a tool returns are stored too and attached to the
 * next request for a model that reads images, within the per-request limits.
 * Tokens are estimated as UTF-8 bytes / 4, as the result budget is.
 */
export interface ArtifactOptions {
  /**
   * A result over this many estimated tokens becomes an artifact; default the
   * agent's `maxResultTokens`, else 10,000 (so nothing over the budget is cut).
   */
  readonly thresholdTokens?: number;
  /** How much of it the model reads at once, in estimated tokens; default 2,000 (at most a fifth of the threshold). */
  readonly previewTokens?: number;
  /** Largest artifact, in bytes; default 32 MiB. */
  readonly maxArtifactBytes?: number;
  /** Bytes of artifacts one Run may store; default 64 MiB. */
  readonly maxRunBytes?: number;
  /** Artifacts one Run may store; default 100. */
  readonly maxArtifacts?: number;
  /** Images attached to one request; default 4 (more stay textual references). */
  readonly maxAttachments?: number;
  /** Bytes of images attached to one request; default 8 MiB. */
  readonly maxAttachmentBytes?: number;
}

/** {@link ArtifactOptions} with every default filled in. */
export type ArtifactSettings = Required<ArtifactOptions>;

const MIB = 1024 * 1024;

/** The defaults, as in LittleGhost. */
export const DEFAULT_ARTIFACT_SETTINGS: ArtifactSettings = Object.freeze({
  thresholdTokens: 10_000,
  previewTokens: 2_000,
  maxArtifactBytes: 32 * MIB,
  maxRunBytes: 64 * MIB,
  maxArtifacts: 100,
  maxAttachments: 4,
  maxAttachmentBytes: 8 * MIB,
});

/**
 * The settings of `options` (`true`: the defaults) for an agent whose result
 * budget is `maxResultTokens`: the threshold defaults to the budget, and the
 * preview to at most a fifth of the threshold.
 * @throws InvalidOptionError when a value is not a positive integer, or the preview is not under the threshold.
 */
export function artifactSettings(
  options: ArtifactOptions | true,
  maxResultTokens?: number,
): ArtifactSettings {
  const given = dropUndefined(options === true ? {} : options);
  const thresholdTokens =
    given.thresholdTokens ?? maxResultTokens ?? DEFAULT_ARTIFACT_SETTINGS.thresholdTokens;
  const previewTokens =
    given.previewTokens ??
    Math.min(DEFAULT_ARTIFACT_SETTINGS.previewTokens, Math.max(1, Math.floor(thresholdTokens / 5)));
  const settings = { ...DEFAULT_ARTIFACT_SETTINGS, ...given, thresholdTokens, previewTokens };
  for (const [key, value] of Object.entries(settings)) {
    if (!Number.isSafeInteger(value) || value <= 0)
      throw new InvalidOptionError(`AgentOptions.artifacts.${key}`, 'a positive integer', value);
  }
  if (settings.previewTokens >= settings.thresholdTokens)
    throw new InvalidOptionError(
      'AgentOptions.artifacts.previewTokens',
      `less than thresholdTokens (${settings.thresholdTokens})`,
      settings.previewTokens,
    );
  return settings;
}

function dropUndefined(o: ArtifactOptions): ArtifactOptions {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}
