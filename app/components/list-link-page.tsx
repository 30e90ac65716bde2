/**
 * The pages behind the next-edition list's e-mail links (confirm,
 * unsubscribe): plain HTML, no JavaScript. A link opened by a mail scanner
 * only shows a button; the POST behind the button acts (ADR 009). Both
 * routes share this shell: headers, meta and which page an outcome shows.
 */
import { pageMeta } from "~/lib/meta";

interface ListLinkCopy {
  title: string;
  prompt: string;
  button: string;
  done: { title: string; body: string };
  invalid: { title: string; body: string };
}

/** Never stored, never indexed: the page carries a personal token. */
export const listLinkHeaders = () => ({
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
});

export function listLinkMeta(copy: ListLinkCopy, description: string) {
  return () => [...pageMeta(copy.title, description), { name: "robots", content: "noindex" }];
}

/**
 * The page for a link: done after a successful POST, invalid after a failed
 * one or for a link that no longer works, else the button.
 */
export function ListLinkOutcome({
  copy,
  token,
  outcome,
}: {
  copy: ListLinkCopy;
  /** The loader's: the token while the link still works, else null. */
  token: string | null;
  /** The action's, once the button was pressed. */
  outcome: string | undefined;
}) {
  if (outcome === "done") return <ListLinkPage title={copy.done.title} message={copy.done.body} />;
  if (outcome || !token) return <ListLinkPage title={copy.invalid.title} message={copy.invalid.body} />;
  return <ListLinkPage title={copy.title} message={copy.prompt} form={{ token, button: copy.button }} />;
}

export function ListLinkPage({
  title,
  message,
  form,
}: {
  title: string;
  message: string;
  /** The button that acts on the link, while it can. */
  form?: { token: string; button: string };
}) {
  return (
    <section className="section bg-slate-50">
      <div className="container-page max-w-2xl">
        <div className="card p-6 sm:p-8">
          <h1 className="text-3xl font-bold text-brand-950">{title}</h1>
          <p className="mt-4 text-lg text-slate-700">{message}</p>
          {form ? (
            <form method="post" className="mt-6">
              <input type="hidden" name="token" value={form.token} />
              <button type="submit" className="btn-primary">
                {form.button}
              </button>
            </form>
          ) : (
            <p className="mt-6">
              <a href="/" className="font-medium text-brand-700 underline hover:no-underline">
                Return to Home
              </a>
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
