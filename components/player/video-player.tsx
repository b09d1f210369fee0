"use client";
/**
 * The video page: the media with word-timed captions and their translation (live-caption.tsx),
 * quizzes at vocabulary words (quiz-layer.tsx), the control row (player-controls.tsx), the
 * transcript and words panel (video-transcript.tsx) and keyboard shortcuts (lib/player/shortcuts.ts).
 * This component holds what they share: the media, the quiz session, the learner's preferences
 * and the word popover. It does not re-render as the time moves or as the learner's words and
 * the quizzes arrive: each part follows the time and the data it shows itself.
 */
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Pencil } from "lucide-react";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useRouter } from "next/navigation";
import { type ComponentProps, lazy, startTransition, Suspense, useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FavoriteButton } from "@/components/video/favorite-button";
import { Skeleton } from "@/components/ui/skeleton";
import { userKeys, videoKeys } from "@/lib/data/keys";
import { useCurrentUser } from "@/lib/data/use-current-user";
import { useSettings } from "@/lib/data/use-settings";
import { useVideoTokens } from "@/lib/data/use-video-tokens";
import { useVideoDueReviews } from "@/lib/data/use-video-reviews";
import { useCaptions, usePrefetchQuizzes, useSegmentTranslations, useVideo, useVocabulary } from "@/lib/data/use-video-content";
import { Html5Adapter, type PlayerAdapter } from "@/lib/player/adapter";
import { keyFocusOf, shortcutFor } from "@/lib/player/shortcuts";
import { cn } from "@/lib/utils";
import { lineHoldSeek, linePause } from "@/lib/player/timing";
import type { LineWordDto } from "@/lib/types/api";
import { statusOfLemma } from "@/lib/words/line-tokens";
import type { WordTarget } from "@/components/words/word-target";
import { LiveCaption } from "./live-caption";
import { PlayerControls } from "./player-controls";
import { preloadQuizLayer, QuizLayer } from "./quiz-layer";
import { VocabularyCount } from "./vocabulary-count";
import { ComprehensionLabel } from "@/components/video/comprehension-label";
import { useQuizSession } from "./use-quiz-session";
import { useFileStart } from "./use-file-start";
import { useFullscreen } from "./use-fullscreen";
import { useMediaTime } from "./use-media-time";
import { usePlayerPreferences } from "./use-player-preferences";
import { useRecap } from "./use-recap";
import { VideoTranscript, VideoWords } from "./video-transcript";

// Only the owner edits: the editor, and the word lists it reads lines with, load when it opens
// (React's lazy, not next/dynamic: that one's loader would come with every video page).
const SegmentEditor = lazy(() => import("./segment-editor").then((m) => ({ default: m.SegmentEditor })));

// A YouTube video's embed and the adapter driving it come only with a YouTube video: most play the app's own media.
const YouTubeFrame = lazy(() => import("./youtube-frame"));

// The word popover arrives with the first tap on a word: the player's first load does not carry it.
const WordPopover = lazy(() => import("@/components/words/word-popover").then((m) => ({ default: m.WordPopover })));

const RESUME_DELAY_MS = 300;

export function VideoPlayer({ videoId, embedOrigin }: { videoId: number; embedOrigin: string }) {
  const t = useTranslations("player");
  const router = useRouter();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const settings = useSettings({ enabled: !!user });
  const nativeLanguage = user?.nativeLanguage ?? "en";
  const video = useVideo(videoId);
  const captions = useCaptions(videoId);
  const vocabulary = useVocabulary(videoId);
  const translations = useSegmentTranslations(videoId, nativeLanguage);
  usePrefetchQuizzes(vocabulary.data, nativeLanguage);
  // The learner's due words said in this video, asked once its own words are in.
  const dueReviews = useVideoDueReviews(videoId, { enabled: !!user && !!vocabulary.data });

  const [adapter, setAdapter] = useState<PlayerAdapter | null>(null);
  const adapterRef = useRef<PlayerAdapter | null>(null);
  // The <video> element or the embed's frame becomes an adapter once mounted (callback refs: a new element gets a new adapter).
  // As a transition: a ref is set while React commits, where a plain update would re-render the
  // whole player at once, in the same task as the page's hydration (the controls wait, disabled).
  const attach = useCallback((next: PlayerAdapter | null) => {
    adapterRef.current?.destroy();
    adapterRef.current = next;
    startTransition(() => setAdapter(next));
  }, []);
  const attachVideo = useCallback((element: HTMLVideoElement | null) => attach(element ? new Html5Adapter(element) : null), [attach]);
  // A file starts at a linked line, and plays when autoplay is on (the embed does both itself).
  useFileStart(adapter instanceof Html5Adapter ? adapter : null, settings.data?.autoplayVideos);
  const lines = useMemo(() => captions.data ?? [], [captions.data]);
  const quizzes = useQuizSession(vocabulary.data, lines, settings.data, dueReviews.data?.reviews);
  const quizOpen = !!quizzes.word || !!quizzes.review;
  // Speed, translation and pause after each line, as the learner last left them.
  const [preferences, setPreferences] = usePlayerPreferences(user?.id);
  const { showTranslation, pauseEachLine, speed } = preferences;
  const setShowTranslation = useCallback((on: boolean) => setPreferences({ showTranslation: on }), [setPreferences]);
  // A video with no line translated into the learner's language (captions added without an AI
  // provider, say) keeps the translation off, rather than 'No translation available' under every line.
  const translationsExist = translations.data?.some((row) => row.translatedText.trim() !== "") ?? true;
  const translationShown = showTranslation && translationsExist;
  const setPauseEachLine = useCallback((on: boolean) => setPreferences({ pauseEachLine: on }), [setPreferences]);
  const setSpeed = useCallback((next: number) => setPreferences({ speed: next }), [setPreferences]);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [fullscreen, attachFullscreen] = useFullscreen();
  // SPEC §6: the Edit button and the live segment editor are the owner's alone (the server checks too).
  const isOwner = user?.role === "owner";
  const [editing, setEditing] = useState(false);
  const showDefinitions = settings.data?.showDefinitions ?? true;
  const showWordStatus = settings.data?.showWordStatus ?? true;
  const pauseOnWordLookup = settings.data?.pauseOnWordLookup ?? true;
  // The word popover's word; whether opening it paused playback (then closing resumes it).
  const [wordTarget, setWordTarget] = useState<WordTarget | null>(null);
  const resumeAfterWord = useRef(false);
  const resumeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const rateSent = useRef(false);
  // The chosen speed, on the media once it can take it (an embed takes no command before it is ready).
  useEffect(() => {
    // Until another speed is chosen nothing is sent: the media plays at 1× already.
    if (!adapter || (speed === 1 && !rateSent.current)) return;
    rateSent.current = true;
    adapter.setRate(speed);
    let applied = adapter.duration() > 0;
    return adapter.subscribe(() => {
      if (applied || adapter.duration() <= 0) return;
      applied = true;
      adapter.setRate(speed);
    });
  }, [adapter, speed]);
  const media = useMediaTime(adapter, (previous, now) => {
    // Optional pause at the end of every line, as language players offer: while the line still shows.
    const stop = pauseEachLine && adapter ? linePause(lines, previous, now) : undefined;
    if (stop && adapter) {
      adapter.pause();
      // Read where it stopped, not `now`: the media played on while this frame rendered, past the line's end on a slow frame.
      const back = lineHoldSeek(lines, stop, adapter.time());
      if (back !== undefined) adapter.seek(back);
    }
    // Held at the line: a quiz due after its end comes when playback goes on, not at this pause.
    if (quizzes.check(previous, stop ? stop.holdAt : now)) adapter?.pause();
  });
  useEffect(() => {
    if (media.playing) preloadQuizLayer();
  }, [media.playing]);
  const recap = useRecap(media.time, media.playing, quizOpen, lines);
  const language = video.data?.targetLanguage ?? "";

  const { seek, play } = media;
  const playFrom = useCallback(
    (ms: number) => {
      seek(ms);
      play();
    },
    [seek, play],
  );
  const replay = useCallback(() => playFrom(0), [playFrom]);

  const translationsData = translations.data;
  const { pause } = media;
  const openWord = useCallback(
    (word: Pick<LineWordDto, "surface" | "lemma" | "partOfSpeech">, element: HTMLElement, captionId?: number) => {
      clearTimeout(resumeTimer.current);
      // Asked of the player, not the playing state: the transcript's callback then stays the same
      // through play and pause (with 'Pause after each line', every line).
      if (pauseOnWordLookup && adapter?.isPlaying()) {
        pause();
        resumeAfterWord.current = true;
      }
      const translation = captionId === undefined ? undefined : translationsData?.find((row) => row.captionId === captionId)?.translatedText;
      setWordTarget({ surface: word.surface, lemma: word.lemma, partOfSpeech: word.partOfSpeech, language, captionId, translation, element });
    },
    [pauseOnWordLookup, adapter, pause, translationsData, language],
  );

  function closeWord() {
    setWordTarget(null);
    if (!resumeAfterWord.current) return;
    resumeAfterWord.current = false;
    resumeTimer.current = setTimeout(() => media.play(), RESUME_DELAY_MS);
  }

  function closeQuiz() {
    quizzes.close();
    setTimeout(() => media.play(), RESUME_DELAY_MS);
  }

  const { time } = media;
  const goToLine = useCallback(
    (offset: number) => {
      if (lines.length === 0) return;
      const now = time.get();
      const at = lines.findIndex((l) => now >= l.startTime && now <= l.endTime);
      const line = at >= 0 ? at : lines.findIndex((l) => l.startTime > now) - 1;
      const index = Math.min(lines.length - 1, Math.max(0, line + offset));
      seek(lines[index]!.startTime);
    },
    [lines, time, seek],
  );
  const replayLine = useCallback(() => goToLine(0), [goToLine]);

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (quizOpen || event.altKey || event.ctrlKey || event.metaKey) return;
    // Keys typed in a field, the editor or a dialog are theirs; so are Space on a button and arrows on a slider.
    const action = shortcutFor(event.key, keyFocusOf(event.target instanceof Element ? event.target : null));
    if (!action || (event.repeat && action !== "previous-line" && action !== "next-line")) return;
    event.preventDefault();
    if (action === "toggle-play") {
      if (media.playing) media.pause();
      else media.play();
    } else if (action === "previous-line") goToLine(-1);
    else if (action === "next-line") goToLine(1);
    else if (action === "replay-line") goToLine(0);
    else if (action === "toggle-mute") adapter?.setMuted(!adapter.isMuted());
    else if (action === "toggle-fullscreen") fullscreen.toggle();
    else setShortcutsOpen(true);
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);

  function back() {
    // SPEC §2: back refreshes the progress, popular and recommended lists (home is not mounted yet: refetch them anyway).
    const refetchType = "all" as const;
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: [userKeys.progressVideos()[0]], refetchType }),
      queryClient.invalidateQueries({ queryKey: [videoKeys.popular()[0]], refetchType }),
      queryClient.invalidateQueries({ queryKey: [videoKeys.recommended()[0]], refetchType }),
    ]);
    router.push("/");
  }

  const data = video.data;
  return (
    <main id="main" className="mx-auto max-w-6xl px-0 py-0 sm:px-6 sm:py-6 [@media(max-height:30rem)]:py-2">
      {/* A short screen (a landscape phone) gets a lower title row, so the player below it fits whole. */}
      <div className="flex items-start gap-2 px-4 pt-4 pb-3 sm:gap-3 sm:px-0 sm:pt-0 sm:pb-4 [@media(max-height:30rem)]:pt-0 [@media(max-height:30rem)]:pb-2">
        <Button type="button" variant="ghost" size="icon" aria-label={t("back")} onClick={back}>
          <ArrowLeft aria-hidden />
        </Button>
        {/* The whole title, wrapping on a phone: never cut off. */}
        {data ? <h1 className="min-w-0 flex-1 self-center text-lg leading-snug font-bold text-balance break-words sm:text-2xl [@media(max-height:30rem)]:text-lg">{data.title}</h1> : <Skeleton className="h-7 w-64" />}
        {data ? <FavoriteButton video={data} className="shrink-0 border" /> : null}
        {isOwner && data ? (
          <Button type="button" variant={editing ? "secondary" : "outline"} className="shrink-0" aria-expanded={editing} aria-controls="segment-editor" onClick={() => setEditing((v) => !v)}>
            <Pencil aria-hidden />
            <span className="sr-only sm:not-sr-only">{t("edit")}</span>
          </Button>
        ) : null}
      </div>

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0 space-y-4 lg:col-start-1 lg:row-start-1">
          <div
            ref={attachFullscreen}
            tabIndex={-1}
            role="region"
            aria-label={t("playerRegion")}
            className={cn(
              // The player and its controls fit the screen below the sticky header and the title, so Play is
              // in reach without scrolling. On a short screen (a landscape phone) the player is narrow enough
              // for the control row to sit under the picture: 11rem is the header, the title row and that row.
              "@container relative mx-auto w-full max-w-[calc((100dvh-9rem)*16/9)] overflow-hidden bg-black outline-none sm:rounded-2xl",
              fullscreen.active ? "flex max-w-none flex-col justify-center" : "[@media(max-height:30rem)]:max-w-[calc((100dvh-11rem)*16/9)]",
            )}
            data-testid="player-frame"
          >
            <div className={cn("relative aspect-video w-full", fullscreen.active && "aspect-auto min-h-0 flex-1")} data-testid="player">
              {data?.mediaUrl ? (
                <video
                  ref={attachVideo}
                  src={data.mediaUrl}
                  poster={data.thumbnail ?? undefined}
                  playsInline
                  // The whole file only when it will play at once: else its size and first frame, and
                  // the rest when the learner presses Play (on a phone's data, the page's own files come first).
                  preload={settings.data?.autoplayVideos ? "auto" : "metadata"}
                  className="size-full object-contain"
                  onClick={() => (media.playing ? media.pause() : media.play())}
                />
              ) : data?.youtubeId ? (
                <Suspense fallback={null}>
                  <YouTubeFrame embedOrigin={embedOrigin} youtubeId={data.youtubeId} title={data.title} autoplay={settings.data?.autoplayVideos ?? false} onAdapter={attach} />
                </Suspense>
              ) : data ? (
                <p className="grid size-full place-items-center p-6 text-center text-white/80">{t("noPlayableMedia")}</p>
              ) : (
                <Skeleton className="size-full rounded-none" />
              )}
              <LiveCaption
                videoId={videoId}
                time={media.time}
                lines={lines}
                language={data?.targetLanguage}
                nativeLanguage={nativeLanguage}
                signedIn={!!user}
                showDefinitions={showDefinitions}
                showStatus={showWordStatus}
                showTranslation={translationShown}
                quizShowing={quizOpen}
                onWord={openWord}
              />
              <QuizLayer
                videoId={videoId}
                quizzes={quizzes}
                lines={lines}
                language={data?.targetLanguage}
                nativeLanguage={nativeLanguage}
                userId={user?.id}
                recapOpen={recap.open}
                onReplay={replay}
                onCloseRecap={recap.close}
                onClose={closeQuiz}
              />
            </div>
            <PlayerControls
              adapter={adapter}
              media={media}
              fallbackDurationMs={(data?.duration ?? 0) * 1000}
              onReplayLine={replayLine}
              pauseEachLine={pauseEachLine}
              onPauseEachLineChange={setPauseEachLine}
              showTranslation={translationShown}
              translationAvailable={translationsExist}
              onShowTranslationChange={setShowTranslation}
              speed={speed}
              onSpeedChange={setSpeed}
              fullscreen={fullscreen}
              shortcutsOpen={shortcutsOpen}
              onShortcutsOpenChange={setShortcutsOpen}
            />
          </div>
          <div className="space-y-2 px-4 sm:px-0">
            {data?.description ? <p className="text-muted-foreground">{data.description}</p> : null}
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
              <VocabularyCount words={vocabulary.data} />
              {data ? <ComprehensionLabel score={data.comprehension} /> : null}
            </div>
          </div>
        </div>
        {lines.length > 0 ? (
          <div className="px-4 sm:px-0 lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1">
            <VideoTranscript
              videoId={videoId}
              time={media.time}
              lines={lines}
              language={data?.targetLanguage}
              nativeLanguage={nativeLanguage}
              showTranslation={translationShown}
              showStatus={showWordStatus}
              signedIn={!!user}
              onSeek={playFrom}
              onWord={openWord}
            />
          </div>
        ) : null}
        {/* Below the description beside the transcript on wide screens; after the transcript on narrow ones. */}
        {user ? <VideoWords videoId={videoId} onWord={openWord} /> : null}
      </div>
      {wordTarget ? (
        <Suspense fallback={null}>
          <VideoWordPopover
            key={`${wordTarget.lemma}-${wordTarget.captionId}`}
            target={wordTarget}
            videoId={videoId}
            container={fullscreen.active ? fullscreen.element : null}
            onClose={closeWord}
          />
        </Suspense>
      ) : null}
      {isOwner && editing ? (
        <div id="segment-editor" className="mt-4">
          <Suspense fallback={<Skeleton className="mx-4 h-40 rounded-xl sm:mx-0" data-testid="segment-editor-loading" />}>
            <SegmentEditor
              videoId={videoId}
              targetLanguage={data?.targetLanguage}
              lines={captions.data}
              vocabulary={vocabulary.data}
              onSeek={(ms) => media.seek(ms)}
            />
          </Suspense>
        </div>
      ) : null}
    </main>
  );
}

/** The word popover, with the learner's status of the word (their words of the video, asked for here). */
function VideoWordPopover(props: Omit<ComponentProps<typeof WordPopover>, "status">) {
  const tokens = useVideoTokens(props.videoId).data;
  return <WordPopover {...props} status={statusOfLemma(tokens, props.target.lemma)} />;
}
