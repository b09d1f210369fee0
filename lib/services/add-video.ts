/**
 * Adding a video as POST /api/videos asks: from a YouTube link, or with files already stored
 * (lib/uploads/video-submission.ts reads the request). Whatever was stored is removed again when
 * the video cannot be added.
 */
import "server-only";
import type { Db } from "@/db/client";
import type { User } from "@/db/schema";
import type { VideoSubmission } from "@/lib/uploads/video-submission";
import { createVideo } from "./admin-videos";

export async function addVideo(db: Db, user: User, submission: VideoSubmission) {
  try {
    return await createVideo(db, user, submission.input, submission.files);
  } catch (error) {
    await submission.discard();
    throw error;
  }
}
