import { Migration } from "@mikro-orm/migrations";

/** Workers sign on to an accepted SWMS through the talks' QR links (decision 035, SWMS addendum). */
export class Migration20261126134500_swms_sign_on extends Migration {
  override name = "Migration20261126134500_swms_sign_on";

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "safety_sign_on_link" drop constraint if exists "safety_sign_on_link_subject_type_check";`,
    );
    this.addSql(
      `alter table "safety_sign_on_link" add constraint "safety_sign_on_link_subject_type_check" check ("subject_type" in ('talk', 'swms'));`,
    );
    this.addSql(
      `alter table "safety_sign_on" drop constraint if exists "safety_sign_on_subject_type_check";`,
    );
    this.addSql(
      `alter table "safety_sign_on" add constraint "safety_sign_on_subject_type_check" check ("subject_type" in ('talk', 'swms'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "safety_sign_on" where "subject_type" = 'swms';`);
    this.addSql(`delete from "safety_sign_on_link" where "subject_type" = 'swms';`);
    this.addSql(
      `alter table "safety_sign_on_link" drop constraint if exists "safety_sign_on_link_subject_type_check";`,
    );
    this.addSql(
      `alter table "safety_sign_on_link" add constraint "safety_sign_on_link_subject_type_check" check ("subject_type" in ('talk'));`,
    );
    this.addSql(
      `alter table "safety_sign_on" drop constraint if exists "safety_sign_on_subject_type_check";`,
    );
    this.addSql(
      `alter table "safety_sign_on" add constraint "safety_sign_on_subject_type_check" check ("subject_type" in ('talk'));`,
    );
  }
}
