-- Cache tag expiries shared by every app instance (lib/cache/tag-store.ts): a write raises the row of
-- each tag it expires (a new `seq`, `revalidated_at` = the database's clock) and notifies the other
-- instances (NOTIFY insstat_cache); an instance that starts, or missed a notification, reads the rows
-- changed since it last looked.
CREATE TABLE "cache_tags" (
	"tag" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"revalidated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cache_tags_revalidated_at_idx" ON "cache_tags" USING btree ("revalidated_at");