import { Migration } from '@mikro-orm/migrations';

export class Migration20261122113701_role_kind_only extends Migration {

  override name = 'Migration20261122113701_role_kind_only';

  override up(): void | Promise<void> {
    this.addSql(`alter table "role" drop constraint "role_scope_check";`);
    this.addSql(`alter table "role" drop column "scope";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "role" add "scope" text not null default 'project';`);
    this.addSql(`alter table "role" add constraint "role_scope_check" check ("scope" in ('project', 'global'));`);
  }

}
