/** Receiving uploaded files: the "add video" form, streamed to storage. */
export * from "./receive";
export { sniffAudio, AUDIO_FORMATS, type AudioFormat, type SniffResult } from "./sniff";
export { probeAudio, type ProbeResult } from "./ffprobe";
