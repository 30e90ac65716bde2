/** /account's link to a judge's or advisor's public profile (issue 54): change it or withdraw consent there. */
import { Link } from "react-router";
import { profilePaths } from "~/content/profiles";
import { Panel } from "./panel";

export function ProfileSection() {
  return (
    <Panel id="public-profile" title="Your public profile">
      <p>
        <Link to={profilePaths.page} className="font-medium text-brand-700 underline">
          Your judge or advisor profile
        </Link>
        {": give, change or withdraw consent to the profile shown on /judges-advisors."}
      </p>
    </Panel>
  );
}
