/** An image record as the dumps describe it; `uri`s are empty in dumps since 2019 and absent since late 2024. */
export interface Image {
  readonly type: 'primary' | 'secondary';
  readonly uri: string;
  readonly uri150: string;
  readonly width: number;
  readonly height: number;
}

/** A video linked to a release or master; `duration` in seconds. */
export interface Video {
  readonly uri: string;
  readonly title: string;
  readonly description: string;
  readonly duration: number;
  readonly embed: boolean;
}

/** A reference to another catalogue entity by id and name (aliases, groups, members, sublabels, parent label). */
export interface NamedRef {
  readonly id: number;
  readonly name: string;
}
