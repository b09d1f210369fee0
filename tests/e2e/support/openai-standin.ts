/**
 * A local stand-in for the OpenAI API, for the processing browser test: it answers transcriptions
 * and chat completions about the test's clip (support/processing-clip.ts), a little slowly, so
 * the admin screen shows the pipeline's stages go by.
 *
 * Run alone: `npx tsx tests/e2e/support/openai-standin.ts --port 3921`.
 */
import { startFakeOpenAi } from "@/scripts/standins/fake-openai";
import { answerClipChat, transcribeClip } from "./processing-clip";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Run as a script (tsx loads this file as CommonJS: no top-level await, no import.meta).
if (process.argv[1]?.endsWith("openai-standin.ts")) {
  const flag = process.argv.indexOf("--port");
  const port = flag >= 0 ? Number(process.argv[flag + 1]) : 3921;
  void startFakeOpenAi(
    {
      transcribe: async () => {
        await sleep(1500);
        return transcribeClip();
      },
      chat: async (request) => {
        await sleep(300);
        return answerClipChat(request);
      },
    },
    { port },
  ).then((server) => {
    console.log(`OpenAI stand-in on ${server.url}`);
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(0));
  });
}
