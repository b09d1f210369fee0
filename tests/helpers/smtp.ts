/**
 * Just enough of an SMTP server to receive what nodemailer sends, for integration tests, and a
 * reader for the messages it receives: header fields unfolded (RFC 5322), the text and HTML
 * bodies out of their MIME parts and transfer encodings.
 */
import net, { type AddressInfo } from "node:net";

/** A message as it crossed the wire: the MAIL and RCPT command lines, and the data (dot-unstuffed). */
export type SmtpMessage = { from: string; to: string[]; data: string };

/**
 * How the server answers, read at each command so a test may change it between sends: a reply
 * such as "550 5.1.1 No such user" refuses, undefined accepts.
 */
export type SmtpRefusals = {
  /** For each recipient (the address inside RCPT TO's angle brackets). */
  rcpt?: (address: string) => string | undefined;
  /** For each message, once its data has arrived (after the final dot). */
  data?: (message: SmtpMessage) => string | undefined;
};

export type FakeSmtp = {
  port: number;
  /** smtp://127.0.0.1:<port>, for SMTP_URL or the auth server's `smtp.url`. */
  url: string;
  /** Messages accepted (queued). */
  messages: SmtpMessage[];
  /** Messages whose data arrived and was refused. */
  refused: SmtpMessage[];
  /** Every RCPT TO address asked for, accepted or not. */
  recipients: string[];
  refuse: SmtpRefusals;
  close: () => Promise<void>;
};

const angleAddress = (line: string) => /<([^>]*)>/.exec(line)?.[1] ?? "";

/** Removes the leading dot the sender doubled on lines that begin with one (RFC 5321 §4.5.2). */
const unstuff = (data: string) =>
  data
    .split("\r\n")
    .map((line) => (line.startsWith(".") ? line.slice(1) : line))
    .join("\r\n");

export async function fakeSmtp(refuse: SmtpRefusals = {}): Promise<FakeSmtp> {
  const messages: SmtpMessage[] = [];
  const refused: SmtpMessage[] = [];
  const recipients: string[] = [];
  const sockets = new Set<net.Socket>();
  const state: { refuse: SmtpRefusals } = { refuse };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.setEncoding("utf8");
    let buffer = "";
    let inData = false;
    let current: SmtpMessage = { from: "", to: [], data: "" };
    socket.write("220 localhost ESMTP\r\n");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          // The data ends with a line holding a single dot; an empty message is just that line.
          const end = buffer.startsWith(".\r\n") ? -2 : buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          current.data = end === -2 ? "" : unstuff(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          const refusal = state.refuse.data?.(current);
          if (refusal) {
            refused.push(current);
            socket.write(`${refusal}\r\n`);
          } else {
            messages.push(current);
            socket.write("250 OK queued\r\n");
          }
          current = { from: "", to: [], data: "" };
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const command = line.slice(0, 4).toUpperCase();
        if (command === "EHLO") socket.write("250-localhost\r\n250 8BITMIME\r\n");
        else if (command === "MAIL") {
          current = { from: line, to: [], data: "" };
          socket.write("250 OK\r\n");
        } else if (command === "RCPT") {
          const address = angleAddress(line);
          recipients.push(address);
          const refusal = state.refuse.rcpt?.(address);
          if (refusal) socket.write(`${refusal}\r\n`);
          else {
            current.to.push(line);
            socket.write("250 OK\r\n");
          }
        } else if (command === "DATA") {
          if (current.to.length === 0) socket.write("554 No valid recipients\r\n");
          else {
            inData = true;
            socket.write("354 End data with <CR><LF>.<CR><LF>\r\n");
          }
        } else if (command === "RSET") {
          current = { from: "", to: [], data: "" };
          socket.write("250 OK\r\n");
        } else if (command === "QUIT") {
          socket.end("221 Bye\r\n");
          return;
        } else socket.write("250 OK\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refused,
    recipients,
    get refuse() {
      return state.refuse;
    },
    set refuse(value: SmtpRefusals) {
      state.refuse = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        // A client that has not said QUIT yet would keep the server open.
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export type ParsedMail = {
  /** Every header field in order, unfolded, its value trimmed and RFC 2047 encoded words decoded. */
  fields: { name: string; value: string }[];
  /** The values of the fields called `name` (any case). */
  all: (name: string) => string[];
  /** The one field called `name`; throws when it is there more than once. */
  header: (name: string) => string | undefined;
  /** The first text/plain and text/html bodies, decoded, with \n line ends. */
  text?: string;
  html?: string;
};

type Entity = { fields: { name: string; value: string }[]; body: string };

function splitEntity(raw: string): Entity {
  const blank = raw.indexOf("\r\n\r\n");
  const head = blank === -1 ? raw : raw.slice(0, blank);
  const body = blank === -1 ? "" : raw.slice(blank + 4);
  // RFC 5322 §2.2.3: unfolding removes each CRLF that is immediately followed by WSP.
  const unfolded = head.replace(/\r\n(?=[ \t])/g, "");
  const fields = unfolded
    .split("\r\n")
    .filter((line) => line !== "")
    .map((line) => {
      const colon = line.indexOf(":");
      if (colon <= 0) throw new Error(`not a header field: ${JSON.stringify(line)}`);
      return { name: line.slice(0, colon).trim(), value: decodeWords(line.slice(colon + 1).trim()) };
    });
  return { fields, body };
}

/** RFC 2047 encoded words in UTF-8 (nodemailer's only charset), B and Q. */
function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset: string, encoding: string, text: string) => {
      if (!/^utf-?8$/i.test(charset)) throw new Error(`unexpected charset ${charset}`);
      if (encoding.toUpperCase() === "B") return Buffer.from(text, "base64").toString("utf8");
      return quotedPrintable(text.replace(/_/g, " "));
    });
}

function quotedPrintable(text: string): string {
  const bytes: number[] = [];
  const flat = text.replace(/=\r\n/g, "");
  for (let i = 0; i < flat.length; i++) {
    const hex = flat[i] === "=" ? /^[0-9A-Fa-f]{2}/.exec(flat.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(flat[i]!, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

const fieldOf = (fields: Entity["fields"], name: string) => fields.find((f) => f.name.toLowerCase() === name.toLowerCase())?.value;

function decodeBody(entity: Entity): string {
  return decodeTransfer(entity).replace(/\r\n/g, "\n");
}

function decodeTransfer(entity: Entity): string {
  const encoding = (fieldOf(entity.fields, "Content-Transfer-Encoding") ?? "7bit").toLowerCase();
  if (encoding === "quoted-printable") return quotedPrintable(entity.body);
  if (encoding === "base64") return Buffer.from(entity.body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "7bit" || encoding === "8bit") return entity.body;
  throw new Error(`unexpected transfer encoding ${encoding}`);
}

/** The text/plain and text/html leaves of a MIME tree. */
function leaves(entity: Entity, found: { text?: string; html?: string }): void {
  const type = fieldOf(entity.fields, "Content-Type") ?? "text/plain";
  const mediaType = type.split(";")[0]!.trim().toLowerCase();
  if (mediaType.startsWith("multipart/")) {
    const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
    if (!boundary) throw new Error(`multipart without a boundary: ${type}`);
    const delimiter = `--${boundary[1] ?? boundary[2]}`;
    const body = `\r\n${entity.body}`;
    const end = body.indexOf(`\r\n${delimiter}--`);
    const parts = (end === -1 ? body : body.slice(0, end)).split(`\r\n${delimiter}`).slice(1);
    for (const part of parts) leaves(splitEntity(part.replace(/^[ \t]*\r\n/, "")), found);
  } else if (mediaType === "text/plain") found.text ??= decodeBody(entity);
  else if (mediaType === "text/html") found.html ??= decodeBody(entity);
}

/** Reads a message's data as a mail client would show it. */
export function parseMail(data: string): ParsedMail {
  const entity = splitEntity(data);
  const all = (name: string) => entity.fields.filter((f) => f.name.toLowerCase() === name.toLowerCase()).map((f) => f.value);
  const found: { text?: string; html?: string } = {};
  leaves(entity, found);
  return {
    fields: entity.fields,
    all,
    header: (name) => {
      const values = all(name);
      if (values.length > 1) throw new Error(`${name} is there ${values.length} times`);
      return values[0];
    },
    ...found,
  };
}
