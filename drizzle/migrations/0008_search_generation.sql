-- The search index's generation: any change of search_documents raises it, in the same
-- transaction, so a result cached under a generation (lib/search/cache.ts) is never served after
-- a change has committed, on any instance.
CREATE TABLE "search_generation" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "search_generation" ("id", "generation") VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION search_generation_bump() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  update search_generation set generation = generation + 1 where id = 1;
  return null;
end $$;
--> statement-breakpoint
CREATE TRIGGER search_generation_bump AFTER INSERT OR UPDATE OR DELETE ON search_documents FOR EACH STATEMENT EXECUTE FUNCTION search_generation_bump();
