/**
 * A value refused as a user's rating of a release (the HTTP edge answers 422 with the message, which names the rule
 * and the value).
 */
export class InvalidRating extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidRating';
  }
}
