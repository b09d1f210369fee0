/** The daily goal is minutes of study (onboarding's and Settings' unit): how home and profile word it. */

/** Whole minutes in `seconds`. */
export function minutesOf(seconds: number): number {
  return Math.floor(seconds / 60);
}

/** "12 / 30 min": minutes studied today out of the goal. */
export function goalProgressText(secondsStudied: number, goalMinutes: number): string {
  return `${minutesOf(secondsStudied)} / ${goalMinutes} min`;
}

/** "30 minutes per day" (onboarding's wording). */
export function dailyGoalText(goalMinutes: number): string {
  return `${goalMinutes} ${goalMinutes === 1 ? "minute" : "minutes"} per day`;
}
