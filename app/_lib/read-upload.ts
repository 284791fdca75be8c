import { megabytes } from "@/lib/io/upload-limits";

export type Upload = { ok: true; bytes: Uint8Array } | { ok: false; status: 400 | 413; message: string };

/**
 * The whole body of an upload, or a refusal in words: 413 when it is over `limit` (by its Content-Length or by what
 * arrived), 400 when fewer bytes arrived than its Content-Length declared. Issue 26: a body cut short on its way (Next's
 * proxy buffer did this at 10 MB) must be refused as incomplete, never read as a shorter, valid-looking file.
 */
export async function readUpload(req: Request, file: string, limit: number): Promise<Upload> {
  const tooBig = (size: string) => ({ ok: false as const, status: 413 as const, message: `${file} is ${size}, over the ${megabytes(limit)} upload limit` });
  const declaredHeader = req.headers.get("content-length");
  const declared = declaredHeader === null ? null : Number(declaredHeader);
  if (declared !== null && declared > limit) return tooBig(`${(declared / 1048576).toFixed(1)} MB`);
  if (!req.body) return { ok: true, bytes: new Uint8Array() };
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) return tooBig(`more than ${megabytes(limit)}`);
    chunks.push(chunk);
  }
  if (declared !== null && Number.isFinite(declared) && size !== declared) {
    return { ok: false, status: 400, message: `${file}: only ${size.toLocaleString("en-US")} of its ${declared.toLocaleString("en-US")} bytes arrived; nothing was imported, please upload it again` };
  }
  const out = new Uint8Array(size);
  let off = 0;
  for (const c of chunks) {
    out.set(c, off);
    off += c.byteLength;
  }
  return { ok: true, bytes: out };
}
