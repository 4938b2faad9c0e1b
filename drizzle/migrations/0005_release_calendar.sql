CREATE TABLE "release_date_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"release_id" integer NOT NULL,
	"previous_at" timestamp with time zone NOT NULL,
	"new_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid
);
--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "slug" text;--> statement-breakpoint
-- Hand-written: releases already there get an address from their id.
UPDATE "releases" SET "slug" = 'parution-' || "id";--> statement-breakpoint
ALTER TABLE "releases" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "provisional_label" text;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "contact" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "release_date_changes" ADD CONSTRAINT "release_date_changes_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_date_changes" ADD CONSTRAINT "release_date_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "release_date_changes_release_idx" ON "release_date_changes" USING btree ("release_id");--> statement-breakpoint
CREATE UNIQUE INDEX "releases_slug_key" ON "releases" USING btree ("slug");