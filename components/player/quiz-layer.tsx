"use client";
/**
 * What opens over the picture: the quiz at a vocabulary word, the review of a due word said in
 * the video, or the end-of-video recap. It loads the open quiz and sends its answer itself, so a
 * quiz arriving or an answer being saved re-renders this layer, not the player around it.
 */
import { lazy, Suspense, useMemo } from "react";
import { useRecordQuizResult } from "@/lib/data/use-quiz-result";
import { useQuiz } from "@/lib/data/use-video-content";
import { useAnswerVideoReview } from "@/lib/data/use-video-reviews";
import type { CaptionSegment } from "@/lib/types/api";
import type { QuizSession } from "./use-quiz-session";

// Not on the screen when the page opens: their code loads when playback first starts
// (`preloadQuizLayer`), before the first quiz can show.
const loadQuizOverlay = () => import("./quiz-overlay");
const QuizOverlay = lazy(() => loadQuizOverlay().then((m) => ({ default: m.QuizOverlay })));
const loadQuizRecap = () => import("./quiz-recap");
const QuizRecap = lazy(() => loadQuizRecap().then((m) => ({ default: m.QuizRecap })));

export function preloadQuizLayer(): void {
  void loadQuizOverlay();
  void loadQuizRecap();
}

type Props = {
  videoId: number;
  quizzes: QuizSession;
  lines: CaptionSegment[];
  /** The video's language. */
  language: string | undefined;
  nativeLanguage: string;
  /** The signed-in learner: answers count for them (SPEC §6); a visitor's count nowhere. */
  userId: string | undefined;
  recapOpen: boolean;
  onReplay: () => void;
  onCloseRecap: () => void;
  /** A quiz was closed (playback resumes). */
  onClose: () => void;
};

export function QuizLayer({ videoId, quizzes, lines, language, nativeLanguage, userId, recapOpen, onReplay, onCloseRecap, onClose }: Props) {
  const quizWord = quizzes.word;
  const reviewQuiz = quizzes.review;
  const quiz = useQuiz(quizWord?.id ?? null, nativeLanguage);
  const record = useRecordQuizResult(userId);
  const answerReview = useAnswerVideoReview();
  const reviewOptions = useMemo(
    () => reviewQuiz && { wordId: 0, word: reviewQuiz.surface, nativeLanguage, options: reviewQuiz.options, correctIndex: reviewQuiz.correctIndex },
    [reviewQuiz, nativeLanguage],
  );

  function answer(correct: boolean) {
    if (!userId) return;
    if (reviewQuiz) {
      // A review is the learner's card, not this video's vocabulary: it counts nothing here.
      answerReview.mutate({ language: reviewQuiz.language, lemma: reviewQuiz.lemma, correct, videoId });
      return;
    }
    if (!quizWord || !quizzes.attempt) return;
    quizzes.answered(correct);
    // The attempt's key: this answer counts once however often it is sent.
    record.mutate({ wordId: quizWord.id, learned: correct, correct: correct ? 1 : 0, incorrect: correct ? 0 : 1, idempotencyKey: quizzes.attempt });
  }

  return (
    <Suspense fallback={null}>
      {quizWord ? (
        <QuizOverlay
          key={quizzes.attempt}
          attempt={quizzes.attempt!}
          word={quizWord.word}
          sentence={lines.find((l) => l.id === quizzes.lineOf(quizWord))?.text ?? quizWord.context}
          language={language}
          quiz={quiz.data}
          loading={quiz.isLoading}
          onAnswer={answer}
          onClose={onClose}
        />
      ) : reviewQuiz ? (
        <QuizOverlay
          key={quizzes.attempt}
          attempt={quizzes.attempt!}
          review={{ lemma: reviewQuiz.lemma }}
          word={reviewQuiz.surface}
          sentence={lines.find((l) => l.id === reviewQuiz.captionId)?.text}
          language={language}
          quiz={reviewOptions ?? undefined}
          loading={false}
          onAnswer={answer}
          onClose={onClose}
        />
      ) : recapOpen ? (
        <QuizRecap videoId={videoId} nativeLanguage={nativeLanguage} language={language} results={quizzes.results} onReplay={onReplay} onClose={onCloseRecap} />
      ) : null}
    </Suspense>
  );
}
