/** Receiving uploaded files: the "add video" form, streamed to storage. */
export * from "./receive";
export { sniffAudio, AUDIO_FORMATS, type AudioFormat, type SniffResult } from "./sniff";
export { probeAudioFile, type ProbeResult } from "./ffprobe";
