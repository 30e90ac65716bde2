import { desc } from "drizzle-orm";
import { Fragment } from "react";
import { data } from "react-router";
import { requestContext } from "~/context";
import { getDb } from "~/db/client.server";
import { devMailbox } from "~/db/schema";
import { isProduction } from "~/lib/config.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/dev.mailbox";

/**
 * The local stand-in for an inbox: every e-mail the notification consumer
 * would have sent through Resend, newest first. Development only; the worker
 * entry answers 404 for /dev/* in production, and so does this loader.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  if (isProduction(env)) throw data(null, { status: 404 });
  const messages = await getDb(env).select().from(devMailbox).orderBy(desc(devMailbox.id)).limit(100);
  return { messages, resendConfigured: Boolean(env.RESEND_API_KEY) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Local mailbox", "E-mail the site sent locally, for development."),
  { name: "robots", content: "noindex" },
];

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  const { messages, resendConfigured } = loaderData;
  return (
    <section className="container-page section">
      <h1 className="section-title">Local mailbox</h1>
      <p className="section-lead">
        E-mail the notification consumer stores instead of sending it, while RESEND_API_KEY is not set. Newest first.
      </p>
      {resendConfigured ? (
        <p className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-900">
          RESEND_API_KEY is set: new e-mail goes to Resend, not here.
        </p>
      ) : null}
      {messages.length === 0 ? (
        <p className="mt-8 text-slate-600">No e-mail yet.</p>
      ) : (
        <ol className="mt-8 space-y-6">
          {messages.map((message) => (
            <li key={message.id}>
              <article className="card" aria-label={message.subject} data-notification-id={message.notificationId}>
                <h2 className="text-lg font-semibold text-brand-950">{message.subject}</h2>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  <dt className="font-semibold text-slate-600">To</dt>
                  <dd>{message.recipient}</dd>
                  <dt className="font-semibold text-slate-600">From</dt>
                  <dd>{message.sender}</dd>
                  {message.replyTo ? (
                    <>
                      <dt className="font-semibold text-slate-600">Reply-To</dt>
                      <dd>{message.replyTo}</dd>
                    </>
                  ) : null}
                  {Object.entries(parseHeaders(message.headers)).map(([name, value]) => (
                    <Fragment key={name}>
                      <dt className="font-semibold text-slate-600">{name}</dt>
                      <dd className="break-all">{value}</dd>
                    </Fragment>
                  ))}
                  <dt className="font-semibold text-slate-600">Stored</dt>
                  <dd>
                    <time dateTime={message.createdAt}>{message.createdAt}</time>
                  </dd>
                </dl>
                <pre className="mt-4 overflow-x-auto whitespace-pre-wrap rounded-lg bg-slate-50 p-4 font-mono text-sm text-slate-800">
                  <Linkified text={message.text} />
                </pre>
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The stored extra headers (List-Unsubscribe…), a JSON object or NULL. */
function parseHeaders(json: string | null): Record<string, string> {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === "object" ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Links in the text become clickable, so a confirmation or unsubscribe link can be followed from here. */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} className="break-all text-brand-700 underline">
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
