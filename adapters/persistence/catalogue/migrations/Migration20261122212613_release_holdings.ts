import { Migration } from '@mikro-orm/migrations';

/**
 * Each release row keeps how many collection instances and wants it has (`num_have`, `num_want`), so the release
 * page reads them with the release: the collection module's triggers keep them in the same transaction as each change;
 * the import never writes them.
 */
export class Migration20261122212613_release_holdings extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "release" add column "num_have" int not null default 0, add column "num_want" int not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "release" drop column "num_have", drop column "num_want";`);
  }

}
