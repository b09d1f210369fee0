/**
 * The bundled demo media: a video's "/demo/<file>" path names a file outside public/ (served only
 * by the media route), processing a demo video again still finds it, and no path reaches further.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import content from "@/db/seed/demo-content.json";
import type { Video } from "@/db/schema";
import { defaultAudioSource } from "@/lib/pipeline/audio-source";
import { demoMediaFile, demoMediaName, demoMediaStorage } from "@/lib/storage/demo-media";

const video = (mediaPath: string) => ({ id: 1, mediaPath, youtubeId: null }) as unknown as Video;

describe("bundled demo media", () => {
  it("finds every seeded video's file, for the media route and for processing again", async () => {
    for (const v of content.videos) {
      const file = demoMediaFile(v.media);
      expect(file, v.media).not.toBeNull();
      expect(fs.existsSync(file!), v.media).toBe(true);
      expect(path.relative(path.join(process.cwd(), "public"), file!).startsWith("..")).toBe(true);
      expect(await defaultAudioSource(video(v.media), "/nonexistent")).toBe(file);
      expect(await demoMediaStorage().stat(demoMediaName(v.media)!)).toMatchObject({ contentType: "video/webm" });
    }
  });

  it("names nothing outside its folder", async () => {
    for (const bad of ["/demo/../package.json", "/demo/../../etc/passwd", "/demo/.hidden.webm", "/demo/a/b.webm", "/other/x.webm", "/demo/x.html", "demo/x.webm"]) {
      expect(demoMediaName(bad), bad).toBeNull();
    }
    await expect(defaultAudioSource(video("/demo/../../etc/passwd.webm"), "/nonexistent")).rejects.toThrow(/not one this app knows/);
    await expect(demoMediaStorage().put("x.webm", null as never, { contentType: "video/webm" })).rejects.toThrow(/cannot be changed/);
  });
});
