/**
 * Copies a child process's stream to ours line by line, each line tagged `[tag] `, so the output
 * of processes running side by side stays readable (scripts/test.mjs,
 * tests/e2e/support/launch-servers.mjs). `onLine` sees each line as it passes.
 */
export function tagLines(stream, target, tag, onLine) {
  let rest = "";
  stream.on("data", (chunk) => {
    const lines = (rest + chunk.toString()).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) {
      target.write(`[${tag}] ${line}\n`);
      onLine?.(line);
    }
  });
  stream.on("end", () => rest && target.write(`[${tag}] ${rest}\n`));
}
