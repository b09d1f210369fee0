/**
 * YouTube's own captions for a video that has only its YouTube link (no upload, no subtitle
 * file): when yt-dlp can fetch them in the video's language, they stand in for downloading the
 * audio and transcribing it. Any trouble (no yt-dlp, no captions, a file that cannot be read)
 * leaves the video to be transcribed as before.
 */
import { readFile } from "node:fs/promises";
import type { CaptionsSource, Video } from "@/db/schema";
import { downloadYoutubeCaptions } from "@/lib/media/yt-dlp";
import { parseSubtitlesInSlices, type SubtitleCue } from "@/lib/subtitles/parse";

export type YoutubeCaptions = { cues: SubtitleCue[]; source: Extract<CaptionsSource, "youtube" | "youtube-auto"> };

export async function youtubeCaptions(video: Video, workDir: string, signal?: AbortSignal): Promise<YoutubeCaptions | null> {
  if (!video.youtubeId || video.mediaPath || video.subtitlePath) return null;
  try {
    const found = await downloadYoutubeCaptions(video.youtubeId, video.targetLanguage, workDir, signal);
    if (!found) return null;
    const { cues } = await parseSubtitlesInSlices(await readFile(found.file), "vtt");
    return { cues, source: found.kind === "manual" ? "youtube" : "youtube-auto" };
  } catch (error) {
    signal?.throwIfAborted();
    console.warn(`[pipeline] video ${video.id}: YouTube's captions cannot be used; transcribing instead:`, (error as Error).message);
    return null;
  }
}
