/**
 * A tiny Matroska/WebM header reader: document type, duration and codecs, read from the header
 * elements that precede the media data. Enough to check media files without ffprobe.
 */

export type WebmHeader = { docType: string; durationMs: number; codecs: string[] };

function readVint(buf: Uint8Array, pos: number, keepMarker: boolean): { value: number; length: number } {
  const first = buf[pos];
  if (first === undefined) throw new Error("EBML: unexpected end of data");
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8) throw new Error("EBML: invalid variable-length integer");
  let value = keepMarker ? first : first & (0xff >> length);
  // A size of all ones means "unknown" (a live stream's segment).
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = buf[pos + i];
    if (byte === undefined) throw new Error("EBML: unexpected end of data");
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value: !keepMarker && allOnes ? -1 : value, length };
}

const EBML_HEADER = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMESTAMP_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const CODEC_ID = 0x86;
const CLUSTER = 0x1f43b675;
const MASTERS = new Set([EBML_HEADER, SEGMENT, INFO, TRACKS, TRACK_ENTRY]);

export function readWebmHeader(buf: Buffer): WebmHeader {
  const info = { docType: "", duration: NaN, scale: 1_000_000, codecs: [] as string[] };
  const walk = (from: number, to: number): void => {
    let pos = from;
    while (pos < to) {
      const id = readVint(buf, pos, true);
      const size = readVint(buf, pos + id.length, false);
      const body = pos + id.length + size.length;
      const end = size.value < 0 ? to : body + size.value;
      if (id.value === CLUSTER) return; // the header elements all come first
      if (MASTERS.has(id.value)) walk(body, end);
      else if (id.value === DOC_TYPE) info.docType = buf.toString("ascii", body, end);
      else if (id.value === CODEC_ID) info.codecs.push(buf.toString("ascii", body, end));
      else if (id.value === TIMESTAMP_SCALE) info.scale = buf.readUIntBE(body, size.value);
      else if (id.value === DURATION) info.duration = size.value === 4 ? buf.readFloatBE(body) : buf.readDoubleBE(body);
      pos = end;
    }
  };
  walk(0, buf.length);
  return { docType: info.docType, durationMs: (info.duration * info.scale) / 1e6, codecs: info.codecs };
}
