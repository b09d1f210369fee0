/**
 * The forms' rules (lib/validation) speak English, as the API does; a form shows each message
 * in the reader's language through this table: the English message → its key in the catalogue's
 * "validation" namespace. A message missing here is shown as it is.
 */
import type en from "@/messages/en.json";

export type ValidationKey = keyof (typeof en)["validation"];

export const VALIDATION_KEYS: Readonly<Record<string, ValidationKey>> = {
  "Please enter a valid email address": "invalidEmail",
  "Password must be at least 6 characters": "passwordMin",
  "Confirm password is required": "confirmPasswordRequired",
  "Passwords don't match": "passwordsDontMatch",
  "First name is required": "firstNameRequired",
  "Last name is required": "lastNameRequired",
  "Native language is required": "nativeLanguageRequired",
  "Target language is required": "targetLanguageRequired",
  "Target language must be different from your native language": "targetDiffers",
  "Daily goal must be at least 1 minute": "dailyGoalMin",
  "Daily goal must be a whole number": "dailyGoalWhole",
  "Enter the 6-digit code from your authenticator app": "totpCode",
  "Current password is required": "currentPasswordRequired",
  "Required": "required",
  "Invalid email address": "invalidEmailAddress",
  "Password must be at most 72 characters": "passwordMax",
  "Seconds between quizzes must be a number": "quizGapNumber",
  "Seconds between quizzes must be a whole number": "quizGapWhole",
  "Seconds between quizzes must be at least 10": "quizGapMin",
  "Seconds between quizzes must be at most 600": "quizGapMax",
  "Quiz frequency must be every, spaced or off": "quizFrequency",
  "Add a YouTube link, a video file or an audio file": "needsSource",
  "Please enter a valid YouTube URL": "youtubeUrlInvalid",
  "Invalid YouTube URL": "youtubeUrlBad",
  "Title is required": "titleRequired",
  "Title must be at most 200 characters": "titleMax",
  "Description must be at most 5000 characters": "descriptionMax",
  "Please select a target language": "selectTargetLanguage",
  "Choose a video file": "chooseVideo",
  "Choose an audio file": "chooseAudio",
  "Choose a subtitle file": "chooseSubtitles",
  "Choose a video file: MP4, WebM, MKV or MOV": "videoFormat",
  "Choose an audio file: MP3, WAV, M4A or AAC": "audioFormat",
  "Choose a subtitle file: SRT or WebVTT": "subtitleFormat",
  "Choose a video file or an audio file, not both": "videoOrAudio",
};
