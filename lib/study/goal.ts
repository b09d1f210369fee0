/** The daily goal is minutes of study (onboarding's and Settings' unit): how home and profile word it. */

/** Whole minutes in `seconds`. */
export function minutesOf(seconds: number): number {
  return Math.floor(seconds / 60);
}

