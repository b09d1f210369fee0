/** Network facts for tests of who can reach a server: this machine's own outside address, and whether a TCP connection opens. */
import net from "node:net";
import { networkInterfaces } from "node:os";

/** This machine's first non-loopback IPv4 address (undefined on a machine with none). */
export const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === "IPv4" && !i.internal)?.address;

/** Whether a TCP connection to host:port opens. */
export function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
