import type { ContributionSort, SubmissionEntry } from '../../application/contributions/read-models.js';
import type { ContributionAction, ContributionKind } from '../../domain/contributions/contribution.js';
import { aCredit, aLabel, aMaster, anArtist, aRelease, onLabel } from './builders/catalogue-builders.js';
import type { CatalogueSeed } from './catalogue-seed.js';

/**
 * A catalogue and an edit history of two users (`owner`, `other`) on which every order of the contributions list is
 * different, with ties broken by id, and records the lists must leave out (a release and an artist the catalogue
 * does not hold, a master submission, edits of artists).
 */
export const CONTRIBUTION_CATALOGUE = {
  artists: [anArtist(1, { name: 'First Artist' }), anArtist(2, { name: 'Second Artist' })],
  labels: [aLabel(7, { name: 'Seven', contactInfo: 'seven@label.test' })],
  masters: [aMaster(5, { mainRelease: 21 })],
  releases: [
    aRelease(21, {
      title: 'Delta', artists: [aCredit(31, 'Zed')], labels: [onLabel(41, 'L-B', 'X-3')], released: '1999',
      formats: [{ name: 'CD', qty: '1', text: '', descriptions: ['Album'] }],
    }),
    aRelease(22, {
      title: 'alpha', artists: [aCredit(32, 'Ann')], labels: [onLabel(42, 'L-C', 'X-1')], released: '1985',
      formats: [{ name: 'Vinyl', qty: '1', text: '', descriptions: ['LP'] }],
    }),
    aRelease(23, {
      title: 'Bravo', artists: [aCredit(33, 'Moe')], labels: [onLabel(43, 'L-A', 'X-2')], released: '2005',
      formats: [{ name: 'Vinyl', qty: '2', text: '', descriptions: ['LP'] }],
    }),
    aRelease(24, {
      title: 'Charlie', artists: [aCredit(33, 'Moe')], labels: [], released: '1999-03-00',
      formats: [{ name: 'Cassette', qty: '1', text: '', descriptions: [] }],
    }),
    aRelease(25, { title: 'Nobody touched this' }),
  ],
} satisfies CatalogueSeed;

/** One entry of the fixture history. */
export interface HistoryLine {
  readonly who: 'owner' | 'other';
  readonly kind: ContributionKind;
  readonly id: number;
  readonly action: ContributionAction;
  readonly at: Date;
}

const hour = (n: number): Date => new Date(Date.UTC(2026, 0, 1, n));

export const CONTRIBUTION_HISTORY: readonly HistoryLine[] = [
  { who: 'owner', kind: 'artist', id: 2, action: 'submitted', at: hour(0) },
  { who: 'owner', kind: 'release', id: 22, action: 'edited', at: hour(1) },
  { who: 'owner', kind: 'release', id: 24, action: 'edited', at: hour(2) },
  { who: 'owner', kind: 'release', id: 21, action: 'submitted', at: hour(3) },
  { who: 'other', kind: 'release', id: 21, action: 'edited', at: hour(3) },
  { who: 'owner', kind: 'release', id: 23, action: 'submitted', at: hour(4) },
  // A second edit of 22: it is still added at hour 1, and listed once.
  { who: 'owner', kind: 'release', id: 22, action: 'edited', at: hour(5) },
  // Not in the catalogue: neither listed nor counted.
  { who: 'owner', kind: 'release', id: 26, action: 'edited', at: hour(6) },
  { who: 'owner', kind: 'artist', id: 1, action: 'submitted', at: hour(7) },
  { who: 'owner', kind: 'label', id: 7, action: 'submitted', at: hour(8) },
  // Masters have no list of their own among submissions.
  { who: 'owner', kind: 'master', id: 5, action: 'submitted', at: hour(9) },
  { who: 'owner', kind: 'artist', id: 99, action: 'submitted', at: hour(10) },
  { who: 'owner', kind: 'artist', id: 1, action: 'edited', at: hour(11) },
  { who: 'other', kind: 'release', id: 24, action: 'submitted', at: hour(12) },
];

/** The owner's submissions as one list: artists, labels, releases, each in the order submitted. */
export const OWNER_SUBMISSIONS: readonly SubmissionEntry[] = [
  { kind: 'artist', id: 2 },
  { kind: 'artist', id: 1 },
  { kind: 'label', id: 7 },
  { kind: 'release', id: 21 },
  { kind: 'release', id: 23 },
];

/** The owner's contributed releases in each order, ascending (descending is the exact reverse: ties go by id too). */
export const OWNER_CONTRIBUTIONS: Readonly<Record<ContributionSort, readonly number[]>> = {
  label: [24, 23, 21, 22],
  artist: [22, 23, 24, 21],
  title: [23, 24, 21, 22],
  catno: [24, 22, 23, 21],
  format: [23, 21, 24, 22],
  rating: [21, 22, 23, 24],
  year: [22, 21, 24, 23],
  added: [22, 24, 21, 23],
};

export const OTHER_CONTRIBUTIONS = [21, 24] as const;
