/**
 * A local stand-in for the OpenAI API, for the processing browser test: it answers transcriptions
 * and chat completions about the test's clip (support/processing-clip.ts). It holds the
 * transcription and the vocabulary call until the test has seen that stage on the admin screen
 * (POST /release/transcription, /release/vocabulary), so the stages are seen however slow the
 * machine is; a held call goes on by itself after HOLD_MS, so a test that stops early leaves
 * nothing stuck. It also answers the word popover's lookups (schema "word_meaning": the lemma
 * glossed as "<native>-<lemma>", see scripts/standins/standin-answers.ts), never held.
 *
 * Run alone: `npx tsx tests/e2e/support/openai-standin.ts --port 3921`.
 */
import { startFakeOpenAi } from "@/scripts/standins/fake-openai";
import { answerClipChat, transcribeClip } from "./processing-clip";

const HOLD_MS = 30_000;

/** A door the test opens once per call it lets through; opened early, the next call passes at once. */
function gate() {
  let open = () => {};
  let opened = new Promise<void>((resolve) => (open = resolve));
  return {
    open: () => open(),
    async pass() {
      await Promise.race([opened, new Promise((resolve) => setTimeout(resolve, HOLD_MS))]);
      opened = new Promise<void>((resolve) => (open = resolve));
    },
  };
}

// Run as a script (tsx loads this file as CommonJS: no top-level await, no import.meta).
if (process.argv[1]?.endsWith("openai-standin.ts")) {
  const flag = process.argv.indexOf("--port");
  const port = flag >= 0 ? Number(process.argv[flag + 1]) : 3921;
  const transcription = gate();
  const vocabulary = gate();
  void startFakeOpenAi(
    {
      transcribe: async () => {
        await transcription.pass();
        return transcribeClip();
      },
      chat: async (request) => {
        if (request.schemaName === "vocabulary") await vocabulary.pass();
        return answerClipChat(request);
      },
    },
    { port, routes: { "/release/transcription": transcription.open, "/release/vocabulary": vocabulary.open } },
  ).then((server) => {
    console.log(`OpenAI stand-in on ${server.url}`);
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(0));
  });
}
