/**
 * The pages behind the next-edition list's e-mail links (confirm,
 * unsubscribe): plain HTML, no JavaScript. A link opened by a mail scanner
 * only shows a button; the POST behind the button acts (ADR 009).
 */
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
