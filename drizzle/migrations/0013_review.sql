CREATE TYPE "public"."review_state" AS ENUM('none', 'submitted', 'approved');--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "review" "review_state" DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "edited_by" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "galleries" ADD COLUMN "review" "review_state" DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "galleries" ADD COLUMN "edited_by" uuid;--> statement-breakpoint
ALTER TABLE "galleries" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "galleries" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "galleries" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "review" "review_state" DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "edited_by" uuid;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "review" "review_state" DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "edited_by" uuid;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "review" "review_state" DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "edited_by" uuid;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "galleries" ADD CONSTRAINT "galleries_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "galleries" ADD CONSTRAINT "galleries_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- What was online or scheduled before review existed went through its team's checks: approved.
-- The last person who saved an item is taken as its last writer.
UPDATE "publications" SET "review" = 'approved' WHERE "status" <> 'draft';--> statement-breakpoint
UPDATE "news" SET "review" = 'approved' WHERE "status" <> 'draft';--> statement-breakpoint
UPDATE "events" SET "review" = 'approved' WHERE "status" <> 'draft';--> statement-breakpoint
UPDATE "galleries" SET "review" = 'approved' WHERE "status" <> 'draft';--> statement-breakpoint
UPDATE "tenders" SET "review" = 'approved' WHERE "status" <> 'draft';--> statement-breakpoint
UPDATE "publications" SET "edited_by" = "updated_by";--> statement-breakpoint
UPDATE "news" SET "edited_by" = "updated_by";--> statement-breakpoint
UPDATE "events" SET "edited_by" = "updated_by";--> statement-breakpoint
UPDATE "galleries" SET "edited_by" = "updated_by";--> statement-breakpoint
UPDATE "tenders" SET "edited_by" = "updated_by";
