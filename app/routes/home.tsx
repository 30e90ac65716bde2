import { site } from "~/content/site";
import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta(site.name, site.tagline);

export default function Home() {
  return (
    <section className="container-page section">
      <h1 className="section-title">{site.fullName}</h1>
    </section>
  );
}
