/** Reads what is left of a body we won't use, so the browser gets its answer instead of a reset connection. */
export async function discardBody(request: Request) {
  await request.body?.pipeTo(new WritableStream()).catch(() => {});
}
