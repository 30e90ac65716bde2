import { site } from "~/content/site";

/** Title and description tags for a page: "Page title | Site name". */
export function pageMeta(title: string, description: string) {
  return [
    { title: title === site.name ? site.name : `${title} | ${site.name}` },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
  ];
}
