import "server-only";

/** A failure that retrying cannot fix: the video is failed at once with this reason. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PermanentJobError";
  }
}
