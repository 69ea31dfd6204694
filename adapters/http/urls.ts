import { slugify } from '../../domain/catalogue/slug.js';

export { slugify };

/**
 * Builds every absolute URL the API writes, from the configured base and web URLs, never from the request's Host.
 */
export class ApiUrls {
  constructor(
    readonly baseUrl: string,
    readonly webUrl: string,
    readonly userSegment: string,
  ) {}

  api(path: string): string {
    return `${this.baseUrl}${path}`;
  }

  release(id: number): string {
    return `${this.baseUrl}/releases/${id}`;
  }

  master(id: number): string {
    return `${this.baseUrl}/masters/${id}`;
  }

  masterVersions(id: number): string {
    return `${this.baseUrl}/masters/${id}/versions`;
  }

  artist(id: number): string {
    return `${this.baseUrl}/artists/${id}`;
  }

  artistReleases(id: number): string {
    return `${this.baseUrl}/artists/${id}/releases`;
  }

  label(id: number): string {
    return `${this.baseUrl}/labels/${id}`;
  }

  labelReleases(id: number): string {
    return `${this.baseUrl}/labels/${id}/releases`;
  }

  user(name: string): string {
    return `${this.baseUrl}/${this.userSegment}/${encodeURIComponent(name)}`;
  }

  /** A user's avatar (users set none yet: their generated default, `GET /avatars/{name}.svg`). */
  avatar(name: string): string {
    return `${this.baseUrl}/avatars/${encodeURIComponent(name)}.svg`;
  }

  /** A user's banner (users set none yet: their generated default, `GET /banners/{name}.svg`). */
  banner(name: string): string {
    return `${this.baseUrl}/banners/${encodeURIComponent(name)}.svg`;
  }

  /** A page of the web site: `{web_url}{path}`. */
  webPage(path: string): string {
    return `${this.webUrl}${path}`;
  }

  /** A web page of a catalogue entity: `{web_url}/release/1-The-Persuader-Stockholm`. */
  web(kind: 'artist' | 'label' | 'master' | 'release', id: number, name: string): string {
    const slug = slugify(name);
    return `${this.webUrl}/${kind}/${id}${slug ? `-${slug}` : ''}`;
  }
}
