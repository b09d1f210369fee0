/** JSON shapes the product API returns (dates as ISO strings): written by services, read by the client hooks in lib/data. */
import type { LineWordFields, PartOfSpeech, User, WordStatus } from "@/db/schema";

type Jsonify<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

/** Who a person is, as the owner's Users screen and the person's own record both show it. */
export type PersonColumns =
  | "id"
  | "email"
  | "username"
  | "firstName"
  | "lastName"
  | "profileImageUrl"
  | "role"
  | "nativeLanguage"
  | "targetLanguage"
  | "createdAt"
  | "lastLoginDate";

/** The learner's preferences: Settings' switches, how often quizzes interrupt, and reminders. */
type PreferenceColumns =
  | "showDefinitions"
  | "pauseOnHighlight"
  | "pauseOnWordLookup"
  | "showWordStatus"
  | "enableNotifications"
  | "autoplayVideos"
  | "quizFrequency"
  | "quizGapSeconds"
  | "reminderTime"
  | "reminderEmail";

export type AppUser = Jsonify<Pick<User, PersonColumns | "interfaceLanguage" | "dailyGoal" | "timeZone" | "streak" | PreferenceColumns>>;

/** A row of the owner's Users screen (GET /api/admin/users). */
export type AdminUser = Pick<AppUser, PersonColumns> & {
  /** Whether the email address is confirmed; null when the auth server is hosted and the app cannot tell. */
  emailConfirmed: boolean | null;
  /** False for a sign-in account that has not used the app yet (say, awaiting confirmation): it has no role to change. */
  appUser: boolean;
};

/** The switches of Settings → Learning Preferences (SPEC §3 "Settings"), how often quizzes interrupt, and reminders (GET /api/settings). */
export type LearningPreferences = Pick<AppUser, PreferenceColumns>;

export type LanguageOption = { code: string; name: string; nativeName: string };

/** A video as cards, lists and search show it (SPEC §3 "Video"), with the caller's progress. */
export type VideoCard = {
  id: number;
  youtubeId: string | null;
  title: string;
  description: string | null;
  thumbnail: string | null;
  categoryId: number | null;
  categoryName: string;
  categoryIds: number[];
  categoryNames: string[];
  targetLanguage: string;
  status: string;
  processingProgress: number;
  /** Why processing failed, while the video is failed. */
  errorReason: string | null;
  /** A job on the video (processing, vocabulary, translations, quizzes) waits for another one on it to finish. */
  waitingForJob?: boolean;
  /** Staff answers only: what the video has, caption lines, line translations and quizzes (its words: wordCount). */
  contents?: { lines: number; translations: number; quizzes: number };
  /** Whole seconds. */
  duration: number | null;
  /** Where the captions came from: "youtube", "youtube-auto", "whisper" or "subtitle-file"; null for the demo content. */
  captionsSource: string | null;
  /** The admin asked for the audio to be transcribed even when YouTube has captions; a retry does the same unless told otherwise. */
  transcribeAudio: boolean;
  /** Percent of the video's vocabulary the caller has learned. */
  progress: number;
  /**
   * How much of the video's words the caller knows, 0–100: of its content words (names left out),
   * known lemmas count 1, learning ones 1/2, ignored ones are left out. Null while the video has no
   * words with lemmas (processed before they were kept).
   */
  comprehension: number | null;
  wordsLearned: number;
  totalWords: number;
  wordCount: number;
  /** A media file the app serves (demo content, uploaded audio), played by the HTML5 player. */
  mediaUrl: string | null;
  createdAt: string;
  updatedAt: string;
};

export type Category = { id: number; name: string };

/** A language home's lists can lead with, and how many of the videos they may list are in it. */
export type VideoLanguageCount = { code: string; name: string; count: number };

/**
 * The learner's day: quizzes answered, and the time studied, which the daily goal (minutes)
 * counts. `date` is the day in the learner's own zone.
 */
export type DailyProgress = { date: string; quizzesCompleted: number; correctAnswers: number; secondsStudied: number; dailyGoal: number };

/** What POST /api/users/{userId}/study-time answers: the seconds it counted (fewer than sent when capped), and the day. */
export type StudyTimeSaved = { counted: number; dailyProgress: DailyProgress };

export type UserStats = { streak: number; longestStreak: number; totalWordsLearned: number; totalQuizzes: number };

export type FavoriteStatus = { isFavorite: boolean };

/** What POST /api/users/{userId}/words returns: every figure the answer changed. */
export type QuizResultSaved = {
  /**
   * Whether this answer counted as one of today's quizzes: a word's first answer of the learner's
   * day does. A later attempt that day still moves the word (learned, status, card).
   */
  counted: boolean;
  word: { wordId: number; learned: boolean; correctCount: number; incorrectCount: number };
  dailyProgress: DailyProgress;
  stats: UserStats;
  video: { id: number; progress: number; wordsLearned: number; totalWords: number; completed: boolean };
};

export type CaptionSegment = { id: number; text: string; startTime: number; endTime: number; segmentIndex: number };
export type SegmentTranslation = { id: number; captionId: number; language: string; translatedText: string };
export type VocabularyWord = { id: number; word: string; context: string | null; timestamp: number; quizTime: number | null; captionId: number | null };
export type WordTimingRow = { word: string; start: number; end: number | null; captionId: number | null };
export type Quiz = { wordId: number; word: string; nativeLanguage: string; options: string[]; correctIndex: number };

/** A learner's status of a lemma: PUT /api/words/status answers it. */
export type WordStatusSaved = { language: string; lemma: string; status: WordStatus; updatedAt: string };

/** A word of a caption line with the caller's status of its lemma. */
export type LineWordDto = LineWordFields & { status: WordStatus };

/** GET /api/videos/{id}/tokens: every caption's words with the caller's statuses. */
export type VideoTokens = {
  videoId: number;
  language: string;
  lines: {
    segmentIndex: number;
    /** Content words, names left out, that the caller neither knows nor ignores; exactly one makes the line i+1. */
    unknownWords: number;
    words: LineWordDto[];
  }[];
  comprehension: number | null;
  /** The video's most frequent words the caller has not marked. */
  wordsToLearnFirst: { lemma: string; occurrences: number }[];
};

/** A learner's FSRS card as the API gives it; `intervals` are when it would next be due after each grade. */
export type DueCardDto = {
  language: string;
  lemma: string;
  due: string;
  state: "new" | "learning" | "review" | "relearning";
  reps: number;
  lapses: number;
  intervals: Record<"again" | "hard" | "good" | "easy", string>;
};

/** What plays a review line: the app's own media (the line's span ±300 ms) or the YouTube embed (the line's span). */
export type ReviewMedia = { kind: "html5"; url: string; startMs: number; endMs: number } | { kind: "youtube"; youtubeId: string; startMs: number; endMs: number };

/** A caption line where a card's lemma occurs; `wordStart`/`wordEnd` are offsets into `text` (the word to highlight). */
export type ReviewLine = {
  videoId: number;
  videoTitle: string;
  captionId: number;
  text: string;
  wordStart: number;
  wordEnd: number;
  surface: string;
  /** The line in the learner's native language, when stored. */
  translation: string | null;
  /** How many lines (of the videos searched) hold the lemma: the screen shows a different one each time. */
  occurrences: number;
  media: ReviewMedia | null;
};

/** A due card with a line to show it in (null when no video the learner may see has the lemma). */
export type ReviewCardDto = DueCardDto & { line: ReviewLine | null };

/** GET /api/review/due: the caller's due cards (any cards, soonest first, with `practice`), how many are due in all and when the next one falls due. */
export type DueCards = { cards: ReviewCardDto[]; dueCount: number; nextDueAt: string | null };

/** GET /api/review/summary: how many cards are due, when the next falls due, how many cards there are. */
export type ReviewSummary = { dueCount: number; nextDueAt: string | null; cardCount: number };

/**
 * POST /api/review/answers: what the answer did ("review": the card was due and was rescheduled;
 * "exposure": it was not due; "practice": schedules left alone). `countedToday`: a review counts
 * as a quiz completed today (daily goal, streak).
 */
export type ReviewAnswerSaved = { kind: "review" | "exposure" | "practice"; card: DueCardDto; dueCount: number; countedToday: boolean };

/**
 * Where a saved word's meaning came from: the learner's note, a video's vocabulary translation, an
 * imported dictionary, a cached AI answer, or (no meaning known) the translation of its line.
 */
export type SavedWordMeaningSource = "note" | "vocabulary" | "dictionary" | "ai" | "line";

/**
 * A word of the learner's list with its meaning and a line of a video where it is said: a word
 * they saved (savedAt), or one a quiz answer set to learning that they did not save (savedAt null).
 */
export type SavedWord = {
  language: string;
  lemma: string;
  status: "learning" | "known" | "ignored";
  savedAt: string | null;
  meaning: { text: string; source: SavedWordMeaningSource } | null;
  /** The learner's own note on the word as they wrote it (null without one), to edit in place. */
  note: string | null;
  occurrence: {
    videoId: number;
    videoTitle: string;
    captionId: number;
    text: string;
    translation: string | null;
    /** The word's offsets in `text`. */
    wordStart: number;
    wordEnd: number;
    startMs: number;
    endMs: number;
    /** The video page at the line (`?t=` in whole seconds). */
    href: string;
  } | null;
};

/** GET /api/words/saved: a page of saved words, most recently saved first, and how many each language has. */
export type SavedWordsPage = {
  words: SavedWord[];
  /** How many words the list asked for (saved, or from quizzes) has in each language, whatever else narrows it. */
  languages: { language: string; count: number }[];
  /** The words the query finds: of the language, status, video and search asked for. */
  total: number;
  /** The offset of the next page, or null on the last. */
  nextOffset: number | null;
  /** The videos that say the list's words (of the language asked for), most of them first: the video filter's choices. */
  videos: { id: number; title: string; language: string; count: number }[];
  /** How many words quiz answers set to learning that the learner has not saved. */
  fromQuizzes: number;
};

/** DELETE /api/words/saved: the word taken off the list (removed false: it was not on it), and its status now. */
export type SavedWordRemoved = {
  language: string;
  lemma: string;
  removed: boolean;
  /** A word that was learning goes back to new and loses its review card; a known or ignored one keeps its status and card. */
  status: "new" | "learning" | "known" | "ignored";
  /** What the word was before: PUT it back with this savedAt to undo. */
  before: { status: "learning" | "known" | "ignored"; savedAt: string } | null;
};

/** PUT /api/words/saved: the word on the list again, with its status. */
export type SavedWordPutResult = { language: string; lemma: string; status: "learning" | "known" | "ignored"; savedAt: string };

/**
 * A due word quizzed inside a video: said in line `captionId` (as `surface`), quizzed at the
 * line's end (`quizTime`, ms), with options in the learner's language. `replacesWordId`: the
 * vocabulary word whose quiz it takes the place of on this visit (null: it is an extra quiz).
 */
export type VideoReviewDto = {
  language: string;
  lemma: string;
  surface: string;
  partOfSpeech: PartOfSpeech | null;
  captionId: number;
  quizTime: number;
  replacesWordId: number | null;
  due: string;
  options: string[];
  correctIndex: number;
};

/** GET /api/videos/{id}/due-reviews: the caller's due words this video quizzes, in time order. */
export type VideoDueReviews = { reviews: VideoReviewDto[] };
