/**
 * Writes a stream of unknown length to R2 holding at most one part in
 * memory (issue 15). R2's `put` wants a body of known length, which a
 * multipart form part is not, and a Worker has 128 MB for all its requests:
 * a file that ends within the first part is one `put`; a longer one becomes
 * a multipart upload of equal parts (R2 requires every part but the last to
 * be the same size), completed at the end or aborted on any failure.
 */

/** R2's smallest allowed part (all but the last): the least memory a multipart upload can hold. */
export const R2_PART_BYTES = 5 * 1024 * 1024;

export class R2StreamWriter {
  readonly #bucket: R2Bucket;
  readonly #key: string;
  readonly #contentType: string;
  #part = new Uint8Array(R2_PART_BYTES);
  #filled = 0;
  #upload: R2MultipartUpload | null = null;
  readonly #uploadedParts: R2UploadedPart[] = [];

  constructor(bucket: R2Bucket, key: string, contentType: string) {
    this.#bucket = bucket;
    this.#key = key;
    this.#contentType = contentType;
  }

  /** Resolves once the bytes are held or sent, so the caller reads no further ahead than one part. */
  async write(chunk: Uint8Array): Promise<void> {
    let offset = 0;
    while (offset < chunk.byteLength) {
      // A full part is sent only when more bytes follow: a file of exactly one part stays a single put.
      if (this.#filled === R2_PART_BYTES) await this.#sendPart();
      const take = Math.min(R2_PART_BYTES - this.#filled, chunk.byteLength - offset);
      this.#part.set(chunk.subarray(offset, offset + take), this.#filled);
      this.#filled += take;
      offset += take;
    }
  }

  /** Stores what was written under the key; on failure nothing is left behind. */
  async finish(): Promise<void> {
    const rest = this.#part.subarray(0, this.#filled);
    try {
      if (this.#upload === null) {
        await this.#bucket.put(this.#key, rest, { httpMetadata: { contentType: this.#contentType } });
      } else {
        if (this.#filled > 0) await this.#sendPart();
        await this.#upload.complete(this.#uploadedParts);
        this.#upload = null;
      }
    } catch (error) {
      await this.abort();
      throw error;
    } finally {
      this.#release();
    }
  }

  /** Drops whatever was sent so far; never throws (it runs on paths that are already failing). */
  async abort(): Promise<void> {
    const upload = this.#upload;
    this.#upload = null;
    this.#release();
    if (upload !== null) await upload.abort().catch(() => {});
  }

  async #sendPart(): Promise<void> {
    this.#upload ??= await this.#bucket.createMultipartUpload(this.#key, {
      httpMetadata: { contentType: this.#contentType },
    });
    const partNumber = this.#uploadedParts.length + 1;
    this.#uploadedParts.push(await this.#upload.uploadPart(partNumber, this.#part.subarray(0, this.#filled)));
    this.#filled = 0;
  }

  #release(): void {
    this.#part = new Uint8Array(0);
    this.#filled = 0;
  }
}
