import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation } from "react-router";
import {
  Field,
  firstInvalid,
  FormErrorSummary,
  HoneypotField,
  PersonField,
  personSummary,
  SubmitButton,
  TextareaField,
  useIsPending,
  useSchemaForm,
} from "~/components/forms";
import { PageHero } from "~/components/page";
import { mailtoHref, site, telHref } from "~/content/site";
import { useSiteContact } from "~/lib/site-contact";
import { requestContext } from "~/context";
import { ContactSchema, contactLimits } from "~/contact/schema";
import { contactRateLimitMessage, contactToasts } from "~/content/contact";
import { saveContactMessage } from "~/contact/save.server";
import { formHeaders, handleFormPost } from "~/forms/action.server";
import { parseSubmission } from "~/forms/parse.server";
import { contentMeta } from "~/lib/content-meta";
import { siteOrigin } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/contact";
import { fieldLabels } from "~/content/fields";

// The form validates in the browser with the same schema as the server.
export const handle = { hydrate: true } satisfies RouteHandle;

export function loader({ request, context }: Route.LoaderArgs) {
  return { origin: siteOrigin(request, context.get(requestContext).env) };
}

export const headers = formHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  return handleFormPost({
    request,
    env,
    requestId,
    event: "contact",
    parse: (formData) => parseSubmission(formData, { schema: ContactSchema }),
    rateLimit: { scope: "contact", message: contactRateLimitMessage },
    honeypot: true,
    save: (message) => saveContactMessage(env, message, { requestId }),
    redirectTo: "/contact",
    successToast: contactToasts.success,
    failureToast: contactToasts.failure,
  });
}

export const meta = contentMeta(
  "Contact Us",
  `Questions about the ${site.name}? Send the organizers a message, e-mail or call: we reply within ${site.responseTimeHours} hours.`,
);

const quickLinks = [
  { to: "/faq", label: "FAQ & Help Center", description: "Answers to the questions we hear most." },
  { to: "/enrollment-process", label: "Enrollment Process", description: "How organizations sign up their teams." },
  {
    to: "/submission-guidelines",
    label: "Submission Guidelines",
    description: "What a complete project submission needs.",
  },
];

export default function Contact({ actionData }: Route.ComponentProps) {
  // A new location (the redirect after a message was sent) mounts a fresh, empty form.
  const location = useLocation();
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Contact Us"
        lead={`Questions about the Challenge, enrolling your team or sponsoring? Send us a message and we'll reply within ${site.responseTimeHours} hours.`}
      />
      <section className="section bg-slate-50">
        <div className="container-page grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="card p-6 sm:p-8">
            <h2 className="text-2xl font-bold text-brand-950">Send us a message</h2>
            <p className="mt-2 text-slate-600">All fields are required unless marked optional.</p>
            <ContactForm key={location.key} lastResult={actionData?.result ?? undefined} />
          </div>
          <ContactDetails />
        </div>
      </section>
    </>
  );
}

function ContactForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const pending = useIsPending();
  const [form, fields] = useSchemaForm({ id: "contact", schema: ContactSchema, lastResult });
  const summary = [
    { id: fields.name.id, label: fieldLabels.name, errors: fields.name.errors },
    ...personSummary(fields, ["email"]),
    { id: fields.subject.id, label: fieldLabels.subject, errors: fields.subject.errors },
    { id: fields.message.id, label: fieldLabels.message, errors: fields.message.errors },
  ];
  // Without JavaScript the server's error page focuses the first invalid field.
  const focusId = lastResult?.status === "error" ? firstInvalid(summary)?.id : undefined;
  return (
    <Form method="post" {...getFormProps(form)} className="relative mt-6 space-y-5">
      <FormErrorSummary form={form} fields={summary} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field meta={fields.name} label={fieldLabels.name} autoComplete="name" autoFocus={focusId === fields.name.id} />
        <PersonField name="email" meta={fields.email} focusId={focusId} />
      </div>
      <Field meta={fields.subject} label={fieldLabels.subject} optional autoFocus={focusId === fields.subject.id} />
      <TextareaField
        meta={fields.message}
        label={fieldLabels.message}
        hint={`${contactLimits.message.min} to ${contactLimits.message.max.toLocaleString("en-US")} characters.`}
        rows={7}
        autoFocus={focusId === fields.message.id}
      />
      <HoneypotField />
      <SubmitButton pending={pending} pendingLabel="Sending...">
        Send Message
      </SubmitButton>
    </Form>
  );
}

function ContactDetails() {
  const contact = useSiteContact();
  return (
    <aside aria-labelledby="contact-details-heading" className="space-y-8">
      <div>
        <h2 id="contact-details-heading" className="text-2xl font-bold text-brand-950">
          Other ways to reach us
        </h2>
        <dl className="mt-4 space-y-4">
          <div>
            <dt className="text-sm font-semibold uppercase tracking-wide text-slate-500">Email</dt>
            <dd className="mt-1">
              <a href={mailtoHref(contact.email)} className="font-medium text-brand-700 underline hover:no-underline">
                {contact.email}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold uppercase tracking-wide text-slate-500">Phone</dt>
            <dd className="mt-1">
              <a href={telHref(contact.phone)} className="font-medium text-brand-700 underline hover:no-underline">
                {contact.phone}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold uppercase tracking-wide text-slate-500">Location</dt>
            <dd className="mt-1 text-slate-700">{site.location}</dd>
          </div>
        </dl>
      </div>
      <div className="card">
        <h3 className="text-lg font-semibold text-brand-950">Office hours</h3>
        <p className="mt-2 text-slate-700">{site.supportHours.label}</p>
        <p className="mt-3 text-slate-600">
          We respond to every message within {site.responseTimeHours} hours, by email or phone.
        </p>
      </div>
      <nav aria-labelledby="contact-quick-links-heading">
        <h3 id="contact-quick-links-heading" className="text-lg font-semibold text-brand-950">
          Quick links
        </h3>
        <ul className="mt-3 space-y-3">
          {quickLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="font-medium text-brand-700 underline hover:no-underline">
                {link.label}
              </Link>
              <p className="text-sm text-slate-600">{link.description}</p>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
