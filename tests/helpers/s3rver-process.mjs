/**
 * A local S3-compatible server (s3rver) for the storage tests, run as its own process so its
 * memory does not count in the tests' measurements. Prints {"port": N} once listening; stops
 * when its standard input closes (the test process ended) or on SIGTERM.
 * Usage: node s3rver-process.mjs <directory> <bucket>
 */
import S3rver from "s3rver";

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);

const stop = () => server.close().finally(() => process.exit(0));
process.stdin.on("end", stop);
process.stdin.resume();
process.on("SIGTERM", stop);
