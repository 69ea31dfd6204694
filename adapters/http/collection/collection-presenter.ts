import type { CollectionValue } from '../../../application/collection/collection-value.js';
import type { HeldRelease } from '../../../application/collection/held-releases.js';
import type { InstanceView } from '../../../application/collection/instance-view.js';
import type { WantView } from '../../../application/collection/want-view.js';
import { releaseYear } from '../../../domain/catalogue/release-summary.js';
import type { Folder } from '../../../domain/collection/collection.js';
import type { NotesField } from '../../../domain/collection/notes-fields.js';
import type { User } from '../../../domain/identity/accounts.js';
import { formatMoney } from '../../../domain/marketplace/money-format.js';
import { timestamp } from '../catalogue/catalogue-presenter.js';
import type { ApiSchema } from '../api-shapes.js';
import type { ApiUrls } from '../urls.js';

/**
 * Shapes collections and wantlists into the API's JSON (the public API's key order): folders, instances with their
 * release's `basic_information`, notes fields, wants, the collection value.
 */
export class CollectionPresenter {
  constructor(private readonly urls: ApiUrls) {}

  /** `{base_url}/s/{name}/collection/folders`. */
  foldersUrl(user: User): string {
    return `${this.urls.user(user.username)}/collection/folders`;
  }

  folder(user: User, f: Folder): ApiSchema<'Folder'> {
    return { id: f.id, count: f.count, name: f.name, resource_url: `${this.foldersUrl(user)}/${f.id}` };
  }

  /** `resource_url` of a new instance, in the spec's shape (`…/folders/{f}/release/{r}/instance/{i}`). */
  instanceUrl(user: User, folderId: number, releaseId: number, instanceId: number): string {
    return `${this.foldersUrl(user)}/${folderId}/release/${releaseId}/instance/${instanceId}`;
  }

  instance(v: InstanceView): ApiSchema<'Instance'> {
    const i = v.instance;
    return {
      id: i.releaseId,
      instance_id: i.id,
      folder_id: i.folderId,
      rating: i.rating,
      date_added: timestamp(i.dateAdded),
      basic_information: this.basicInformation(v.release),
      notes: v.notes.map((n) => ({ field_id: n.fieldId, value: n.value })),
    };
  }

  field(f: NotesField): ApiSchema<'NotesField'> {
    return f.type === 'dropdown'
      ? { id: f.id, name: f.name, type: f.type, position: f.position, public: f.public, options: [...f.options] }
      : { id: f.id, name: f.name, type: f.type, position: f.position, public: f.public, lines: f.lines };
  }

  want(v: WantView): ApiSchema<'Want'> {
    const w = v.want;
    return {
      id: w.releaseId,
      resource_url: `${this.urls.user(v.user.username)}/wants/${w.releaseId}`,
      rating: w.rating,
      date_added: timestamp(w.dateAdded),
      basic_information: this.basicInformation(v.release),
      ...(v.notes === undefined ? {} : { notes: v.notes }),
      notes_public: w.notesPublic,
    };
  }

  value(v: CollectionValue): ApiSchema<'CollectionValue'> {
    return { maximum: formatMoney(v.maximum), median: formatMoney(v.median), minimum: formatMoney(v.minimum) };
  }

  /** The release as collection and wantlist items show it; a release the catalogue lacks keeps its id and empty fields. */
  basicInformation(held: HeldRelease): ApiSchema<'BasicInformation'> {
    const r = held.release;
    const primary = held.images.find((i) => i.type === 'primary') ?? held.images[0];
    return {
      id: held.id,
      master_id: r?.masterId ?? 0,
      master_url: r?.masterId ? this.urls.master(r.masterId) : null,
      resource_url: this.urls.release(held.id),
      thumb: primary?.uri150 ?? '',
      cover_image: primary?.uri ?? '',
      title: r?.title ?? '',
      year: r ? releaseYear(r.released) : 0,
      formats: (r?.formats ?? []).map((f) => ({
        name: f.name,
        qty: f.qty,
        ...(f.text ? { text: f.text } : {}),
        ...(f.descriptions.length ? { descriptions: [...f.descriptions] } : {}),
      })),
      labels: (r?.labels ?? []).map((l) => ({
        name: l.name,
        catno: l.catno,
        entity_type: l.entityType,
        entity_type_name: l.entityTypeName,
        id: l.id,
        resource_url: this.urls.label(l.id),
      })),
      artists: (r?.artists ?? []).map((a) => ({
        name: a.name,
        anv: a.anv,
        join: a.join,
        role: a.role,
        tracks: a.tracks,
        id: a.id,
        resource_url: a.id ? this.urls.artist(a.id) : '',
      })),
      genres: [...(r?.genres ?? [])],
      styles: [...(r?.styles ?? [])],
    };
  }
}
