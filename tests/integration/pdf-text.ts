import { inflateSync } from "node:zlib";

/** The text a PDF shows: pdfkit writes it as hex strings in TJ arrays, in deflated streams. */
export function pdfText(bytes: Buffer): string {
  const texts: string[] = [];
  const raw = bytes.toString("latin1");
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = raw.indexOf("endstream", start);
    let content: string;
    try {
      content = inflateSync(bytes.subarray(start, end)).toString("latin1");
    } catch {
      continue;
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      texts.push([...(array[1] ?? "").matchAll(/<([0-9a-fA-F]+)>/g)].map((hex) => Buffer.from(hex[1] ?? "", "hex").toString("latin1")).join(""));
    }
  }
  return texts.join("\n");
}
