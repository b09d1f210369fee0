/** The stages of SPEC §4 and the progress each one ends at (its label shows up to that value). */
import "server-only";

export const STAGE_END = {
  preparing: 5,
  extracting: 15,
  transcribing: 50,
  vocabulary: 85,
  saving: 95,
  finalizing: 99,
  complete: 100,
} as const;

/** The progress written as a stage begins: one past the end of the stage before, so its label shows while it runs. */
export const STAGE_START = {
  preparing: 1,
  extracting: STAGE_END.preparing + 1,
  transcribing: STAGE_END.extracting + 1,
  vocabulary: STAGE_END.transcribing + 1,
  saving: STAGE_END.vocabulary + 1,
  finalizing: STAGE_END.saving + 1,
} as const;
