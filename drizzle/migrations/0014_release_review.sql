ALTER TABLE "releases" ADD COLUMN "review" "review_state" DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "edited_by" uuid;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "series_versions" ADD COLUMN "review" "review_state" DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "series_versions" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "series_versions" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "series_versions" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_versions" ADD CONSTRAINT "series_versions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Versions and releases from before review went out, or were due to, under the old rules: approved.
UPDATE "series_versions" SET "review" = 'approved';--> statement-breakpoint
UPDATE "releases" SET "review" = 'approved';
