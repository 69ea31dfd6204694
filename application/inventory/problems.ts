import { MAX_LISTED_PROBLEMS, type UploadProblem } from '../../domain/inventory/inventory-upload.js';

/** The problems an upload check found: every one counted, the first MAX_LISTED_PROBLEMS kept to list. */
export class Problems {
  readonly listed: UploadProblem[] = [];
  total = 0;

  add(problems: readonly UploadProblem[]): void {
    for (const p of problems) {
      this.total++;
      if (this.listed.length < MAX_LISTED_PROBLEMS) this.listed.push(p);
    }
  }
}
