/** What processing makes of a video: everything the player and the quizzes read. */
export type ProcessedSegment = { text: string; startMs: number; endMs: number; translations: Record<string, string> };
export type ProcessedTiming = { word: string; startMs: number; endMs: number | null; segmentIndex: number };
export type ProcessedWord = {
  word: string;
  segmentIndex: number;
  timestampMs: number;
  quizTimeMs: number | null;
  translations: Record<string, string>;
};
export type ProcessedQuiz = { wordIndex: number; language: string; question: string; options: string[]; correctIndex: number };

export type ProcessedContent = {
  durationMs: number;
  segments: ProcessedSegment[];
  timings: ProcessedTiming[];
  words: ProcessedWord[];
  quizzes: ProcessedQuiz[];
};
