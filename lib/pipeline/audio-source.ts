/** Where a video's audio comes from: its uploaded file, a bundled demo file, or YouTube through yt-dlp. */
import path from "node:path";
import { downloadYoutubeAudio } from "@/lib/media/yt-dlp";
import type { AudioSource } from "./process-video";

export const defaultAudioSource: AudioSource = async (video, workDir, signal) => {
  if (video.mediaPath?.startsWith("/")) return path.join(process.cwd(), "public", path.normalize(video.mediaPath).replace(/^(\.\.[/\\])+/, ""));
  if (video.youtubeId) return downloadYoutubeAudio(video.youtubeId, workDir, signal);
  throw new Error("The video has neither an audio file nor a YouTube link");
};
