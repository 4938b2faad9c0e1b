CREATE TABLE "release_publications" (
	"release_id" integer NOT NULL,
	"publication_id" integer NOT NULL,
	CONSTRAINT "release_publications_release_id_publication_id_pk" PRIMARY KEY("release_id","publication_id")
);
--> statement-breakpoint
ALTER TABLE "releases" DROP CONSTRAINT "releases_publication_id_publications_id_fk";
--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "imf_indicator" text;--> statement-breakpoint
ALTER TABLE "series_versions" ADD COLUMN "release_id" integer;--> statement-breakpoint
ALTER TABLE "release_publications" ADD CONSTRAINT "release_publications_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_publications" ADD CONSTRAINT "release_publications_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "release_publications_publication_key" ON "release_publications" USING btree ("publication_id");--> statement-breakpoint
ALTER TABLE "series_versions" ADD CONSTRAINT "series_versions_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A release's one publication becomes its first link (a publication belongs to one release).
INSERT INTO "release_publications" ("release_id", "publication_id") SELECT DISTINCT ON ("publication_id") "id", "publication_id" FROM "releases" WHERE "publication_id" IS NOT NULL ORDER BY "publication_id", "id";--> statement-breakpoint
ALTER TABLE "releases" DROP COLUMN "publication_id";