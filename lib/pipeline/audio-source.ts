/** Where a video's audio comes from: its upload in storage, a bundled demo file, or YouTube through yt-dlp. */
import "server-only";
import { createWriteStream } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { downloadYoutubeAudio } from "@/lib/media/yt-dlp";
import { isStorageKey } from "@/lib/storage/media-path";
import { getStorage } from "@/lib/storage";
import { demoMediaFile } from "@/lib/storage/demo-media";
import type { AudioSource } from "./process-video";

/** A stored object copied into the job's own folder (from S3 or the local directory alike). */
export async function copyFromStorage(key: string, workDir: string, name: string, signal?: AbortSignal): Promise<string> {
  const target = path.join(workDir, name);
  const { body } = await getStorage().get(key);
  await pipeline(body, createWriteStream(target), { signal });
  return target;
}

export const defaultAudioSource: AudioSource = async (video, workDir, signal) => {
  if (isStorageKey(video.mediaPath)) return copyFromStorage(video.mediaPath, workDir, "upload", signal);
  const demo = demoMediaFile(video.mediaPath);
  if (demo) return demo;
  if (video.mediaPath) throw new Error(`The video's media file "${video.mediaPath}" is not one this app knows`);
  if (video.youtubeId) return downloadYoutubeAudio(video.youtubeId, workDir, signal);
  throw new Error("The video has neither an audio file nor a YouTube link");
};
