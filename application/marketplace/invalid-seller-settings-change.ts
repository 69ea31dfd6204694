import { Invalid } from '../errors.js';
import type { SellerSettingsField } from './seller-settings.js';

/** One refused field of a seller settings change, and why. */
export interface SellerSettingsProblem {
  readonly field: SellerSettingsField;
  readonly message: string;
}

/** A refused seller settings change (422): the message names every problem, `problems` each with its field. */
export class InvalidSellerSettingsChange extends Invalid {
  constructor(readonly problems: readonly SellerSettingsProblem[]) {
    super(problems.map((p) => p.message).join(' '));
  }
}
