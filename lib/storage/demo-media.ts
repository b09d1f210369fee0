/**
 * The demo lessons' media files, bundled with the app under db/seed/demo-media. They are not in
 * public/: a demo video that is unpublished must stop being downloadable, so they are served by
 * the media route, which checks who may see the video, as uploads are. Read-only, behind the
 * Storage interface, so the same code streams them with Range support.
 */
import path from "node:path";
import { createLocalStorage } from "./local";
import type { Storage } from "./types";

// A video's mediaPath names a bundled file as "/demo/<file>" (the seed's value since the files
// were public, kept so existing databases need no change).
const DEMO_MEDIA_PATH = /^\/demo\/([a-z0-9][a-z0-9-]*\.(webm|mp4|mp3|ogg|m4a))$/;
const CONTENT_TYPES: Record<string, string> = {
  webm: "video/webm",
  mp4: "video/mp4",
  mp3: "audio/mpeg",
  ogg: "audio/ogg",
  m4a: "audio/mp4",
};

/** The folder holding the bundled demo media (the app runs from the repository's root). */
export function demoMediaDir(): string {
  return path.join(/*turbopackIgnore: true*/ process.cwd(), "db", "seed", "demo-media");
}

/** The file name of the bundled demo file a mediaPath names ("/demo/<file>"), or null. */
export function demoMediaName(mediaPath: string | null | undefined): string | null {
  return (mediaPath && DEMO_MEDIA_PATH.exec(mediaPath)?.[1]) || null;
}

/** The bundled file's path on disk, for processing a demo video again; null when the path names none. */
export function demoMediaFile(mediaPath: string | null | undefined): string | null {
  const name = demoMediaName(mediaPath);
  return name ? path.join(/*turbopackIgnore: true*/ demoMediaDir(), name) : null;
}

const contentTypeOf = (name: string) => CONTENT_TYPES[name.slice(name.lastIndexOf(".") + 1)] ?? "application/octet-stream";

/** The bundled demo media as a read-only store whose keys are file names (see demoMediaName). */
export function demoMediaStorage(): Storage {
  const files = createLocalStorage(demoMediaDir());
  const readOnly = () => Promise.reject(new Error("The bundled demo media cannot be changed"));
  return {
    kind: "local",
    put: readOnly,
    delete: readOnly,
    localFile: (key) => files.localFile(key),
    async stat(key) {
      const info = await files.stat(key);
      return info && { ...info, contentType: contentTypeOf(key) };
    },
    async get(key, range) {
      return { ...(await files.get(key, range)), contentType: contentTypeOf(key) };
    },
  };
}
