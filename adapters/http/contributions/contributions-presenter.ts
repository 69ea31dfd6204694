import type { SubmissionsPage } from '../../../application/contributions/list-submissions.js';
import type { ReleaseView } from '../../../application/catalogue/get-release.js';
import type { ApiSchema } from '../api-shapes.js';
import type { CataloguePresenter } from '../catalogue/catalogue-presenter.js';

/**
 * A user's submissions and contributions in the public API's shapes, as JSON text: every record exactly as its own
 * endpoint presents it (a release is its filled document template, already JSON text, so the bodies are written as
 * text around them). Strings rather than `ApiSchema<'SubmissionPage'>` and `ApiSchema<'ContributionPage'>` for that
 * reason; the artists, labels and pagination inside are typed (ADR 0035).
 */
export class ContributionsPresenter {
  constructor(private readonly catalogue: CataloguePresenter) {}

  /** `{"pagination": …, "submissions": {"artists": […], "labels": […], "releases": […]}}` */
  submissions(result: SubmissionsPage, pagination: ApiSchema<'Pagination'>): string {
    const artists = result.artists.map((a) => JSON.stringify(this.catalogue.artist(a)));
    const labels = result.labels.map((l) => JSON.stringify(this.catalogue.label(l)));
    const releases = result.releases.map((r) => this.catalogue.release(r));
    return (
      `{"pagination":${JSON.stringify(pagination)},"submissions":` +
      `{"artists":[${artists.join(',')}],"labels":[${labels.join(',')}],"releases":[${releases.join(',')}]}}`
    );
  }

  /** `{"pagination": …, "contributions": […]}` */
  contributions(releases: readonly ReleaseView[], pagination: ApiSchema<'Pagination'>): string {
    return `{"pagination":${JSON.stringify(pagination)},"contributions":[${releases.map((r) => this.catalogue.release(r)).join(',')}]}`;
  }
}
