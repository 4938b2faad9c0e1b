-- French full-text search: French stop words (as written, « à », « où », « été »), then `unaccent`,
-- then the French stemmer — so « a la consommation » finds « à la consommation ».
CREATE TEXT SEARCH DICTIONARY fr_stop (TEMPLATE = simple, STOPWORDS = french, ACCEPT = false);
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION fr_search (COPY = french);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION fr_search ALTER MAPPING FOR hword, hword_part, word WITH fr_stop, unaccent, french_stem;
--> statement-breakpoint
CREATE TABLE "file_texts" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"pages" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_texts_status_check" CHECK ("file_texts"."status" in ('pending', 'done', 'empty', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "search_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"area" text NOT NULL,
	"slug" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"doc_text" text DEFAULT '' NOT NULL,
	"date" timestamp with time zone,
	"status" "content_status" NOT NULL,
	"published_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"tsv_meta" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('fr_search', translate(coalesce(title, ''), '’', '''')), 'A') || setweight(to_tsvector('fr_search', translate(coalesce(summary, ''), '’', '''')), 'B') || setweight(to_tsvector('fr_search', translate(coalesce(body, ''), '’', '''')), 'C')) STORED NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('fr_search', translate(coalesce(title, ''), '’', '''')), 'A') || setweight(to_tsvector('fr_search', translate(coalesce(summary, ''), '’', '''')), 'B') || setweight(to_tsvector('fr_search', translate(coalesce(body, ''), '’', '''')), 'C') || setweight(to_tsvector('fr_search', translate(coalesce(doc_text, ''), '’', '''')), 'D')) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_texts" ADD CONSTRAINT "file_texts_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_texts_queue_idx" ON "file_texts" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "search_documents_source_key" ON "search_documents" USING btree ("source","source_id");--> statement-breakpoint
CREATE INDEX "search_documents_tsv_idx" ON "search_documents" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "search_documents_date_idx" ON "search_documents" USING btree ("date");--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_words_prefix_idx" ON "search_words" USING btree ("word" text_pattern_ops);
--> statement-breakpoint
-- Plain text of sanitized rich text (lib/content/html.ts writes only these entities).
CREATE FUNCTION search_plain(html text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  select replace(replace(replace(replace(replace(replace(replace(
    regexp_replace(coalesce(html, ''), '<[^>]*>', ' ', 'g'),
    '&nbsp;', ' '), '&#160;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&')
$$;
--> statement-breakpoint
-- The extracted text of an item's attached files: public ones only, never a restricted (sampling) file.
CREATE FUNCTION search_doc_text(src text, item integer) RETURNS text LANGUAGE sql STABLE AS $$
  select coalesce(left(string_agg(left(ft.text, 100000), E'\n' order by x.position), 300000), '')
  from (
    select file_id, position from publication_files where src = 'publications' and publication_id = item
    union all
    select file_id, position from tender_files where src = 'tenders' and tender_id = item
  ) x
  join files f on f.id = x.file_id and f.visibility = 'public' and f.deleted_at is null
  join file_texts ft on ft.file_id = x.file_id and ft.status = 'done'
$$;
--> statement-breakpoint
CREATE FUNCTION search_put(
  p_source text, p_id text, p_area text, p_slug text, p_title text, p_summary text, p_body text, p_doc text,
  p_date timestamptz, p_status content_status, p_published timestamptz, p_deleted timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
begin
  insert into search_documents (source, source_id, area, slug, title, summary, body, doc_text, date, status, published_at, deleted_at)
  values (p_source, p_id, p_area, coalesce(p_slug, ''), p_title, coalesce(p_summary, ''), coalesce(p_body, ''), coalesce(p_doc, ''), p_date, p_status, p_published, p_deleted)
  on conflict (source, source_id) do update set
    area = excluded.area, slug = excluded.slug, title = excluded.title, summary = excluded.summary, body = excluded.body,
    doc_text = excluded.doc_text, date = excluded.date, status = excluded.status, published_at = excluded.published_at,
    deleted_at = excluded.deleted_at;
  -- The vocabulary for completion and spelling suggestions (a word alone says nothing of where it is).
  insert into search_words (word)
  select distinct w from regexp_split_to_table(
    lower(unaccent('unaccent', concat_ws(' ', p_title, p_summary, p_body, left(p_doc, 100000)))), '[^a-z0-9]+') w
  where length(w) between 3 and 40
  on conflict do nothing;
end $$;
--> statement-breakpoint
-- (Re)indexes one item of a kind, read from its table; removes it from the index when it is gone.
CREATE FUNCTION search_reindex(src text, item integer) RETURNS void LANGUAGE plpgsql AS $$
declare r record;
begin
  if src = 'publications' then
    select area, slug, title, concat_ws(' ', summary, period_label, fields->>'number') as summary, search_plain(body) as body,
           coalesce(published_at, created_at) as date, status, published_at, deleted_at
      into r from publications where id = item;
  elsif src = 'news' then
    select 'news' as area, slug, title, excerpt as summary, search_plain(body) as body,
           coalesce(published_at, created_at) as date, status, published_at, deleted_at
      into r from news where id = item;
  elsif src = 'events' then
    select 'events' as area, slug, title, concat_ws(' ', summary, place) as summary, search_plain(body) as body,
           starts_at as date, status, published_at, deleted_at
      into r from events where id = item;
  elsif src = 'galleries' then
    select 'galleries' as area, g.slug, g.title, g.description as summary,
           (select string_agg(concat_ws(' ', i.caption, i.alt), ' ' order by i.position) from gallery_images i where i.gallery_id = g.id) as body,
           coalesce(g.taken_on::timestamptz, g.published_at, g.created_at) as date, g.status, g.published_at, g.deleted_at
      into r from galleries g where g.id = item;
  elsif src = 'tenders' then
    select 'offres' as area, slug, title, concat_ws(' ', reference, summary) as summary, search_plain(body) as body,
           coalesce(published_at, created_at) as date, status, published_at, deleted_at
      into r from tenders where id = item;
  elsif src = 'series' then
    -- A series is public once one of its versions is (from its first version's time).
    select s.area, s.code as slug, s.label as title, concat_ws(' ', s.code, s.unit, s.base_period, s.source) as summary,
           s.methodology as body,
           (select max(v.published_at) from series_versions v where v.series_id = s.id) as date,
           'published'::content_status as status,
           (select min(v.published_at) from series_versions v where v.series_id = s.id) as published_at,
           null::timestamptz as deleted_at
      into r from series s where s.id = item;
  else
    raise exception 'search_reindex: unknown source %', src;
  end if;
  if not found then
    delete from search_documents where source = src and source_id = item::text;
    return;
  end if;
  perform search_put(src, item::text, r.area, r.slug, r.title, r.summary, r.body, search_doc_text(src, item),
                     r.date, r.status, r.published_at, r.deleted_at);
end $$;
--> statement-breakpoint
CREATE FUNCTION search_on_item() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  if tg_op = 'DELETE' then
    delete from search_documents where source = tg_argv[0] and source_id = old.id::text;
  else
    perform search_reindex(tg_argv[0], new.id);
  end if;
  return null;
end $$;
--> statement-breakpoint
CREATE TRIGGER search_index AFTER INSERT OR UPDATE OR DELETE ON publications FOR EACH ROW EXECUTE FUNCTION search_on_item('publications');
--> statement-breakpoint
CREATE TRIGGER search_index AFTER INSERT OR UPDATE OR DELETE ON news FOR EACH ROW EXECUTE FUNCTION search_on_item('news');
--> statement-breakpoint
CREATE TRIGGER search_index AFTER INSERT OR UPDATE OR DELETE ON events FOR EACH ROW EXECUTE FUNCTION search_on_item('events');
--> statement-breakpoint
CREATE TRIGGER search_index AFTER INSERT OR UPDATE OR DELETE ON galleries FOR EACH ROW EXECUTE FUNCTION search_on_item('galleries');
--> statement-breakpoint
CREATE TRIGGER search_index AFTER INSERT OR UPDATE OR DELETE ON tenders FOR EACH ROW EXECUTE FUNCTION search_on_item('tenders');
--> statement-breakpoint
CREATE TRIGGER search_index AFTER INSERT OR UPDATE OR DELETE ON series FOR EACH ROW EXECUTE FUNCTION search_on_item('series');
--> statement-breakpoint
-- The lists an item owns: attachments (their text), gallery photos (their captions), series versions (their dates).
CREATE FUNCTION search_on_owned() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  if tg_op in ('UPDATE', 'DELETE') then perform search_reindex(tg_argv[0], (to_jsonb(old) ->> tg_argv[1])::integer); end if;
  if tg_op in ('INSERT', 'UPDATE') then perform search_reindex(tg_argv[0], (to_jsonb(new) ->> tg_argv[1])::integer); end if;
  return null;
end $$;
--> statement-breakpoint
CREATE TRIGGER search_index AFTER INSERT OR UPDATE OR DELETE ON publication_files FOR EACH ROW EXECUTE FUNCTION search_on_owned('publications', 'publication_id');
--> statement-breakpoint
CREATE TRIGGER search_index AFTER INSERT OR UPDATE OR DELETE ON tender_files FOR EACH ROW EXECUTE FUNCTION search_on_owned('tenders', 'tender_id');
--> statement-breakpoint
CREATE TRIGGER search_index AFTER INSERT OR UPDATE OR DELETE ON gallery_images FOR EACH ROW EXECUTE FUNCTION search_on_owned('galleries', 'gallery_id');
--> statement-breakpoint
CREATE TRIGGER search_index AFTER INSERT OR UPDATE OR DELETE ON series_versions FOR EACH ROW EXECUTE FUNCTION search_on_owned('series', 'series_id');
--> statement-breakpoint
-- A file's text, or whether visitors may see it, changed: the items attaching it are reindexed.
CREATE FUNCTION search_on_file() RETURNS trigger LANGUAGE plpgsql AS $$
declare f uuid;
begin
  if tg_table_name = 'files' then f := new.id;
  elsif tg_op = 'DELETE' then f := old.file_id;
  else f := new.file_id;
  end if;
  perform search_reindex('publications', publication_id) from publication_files where file_id = f;
  perform search_reindex('tenders', tender_id) from tender_files where file_id = f;
  return null;
end $$;
--> statement-breakpoint
CREATE TRIGGER search_index AFTER INSERT OR UPDATE OR DELETE ON file_texts FOR EACH ROW EXECUTE FUNCTION search_on_file();
--> statement-breakpoint
CREATE TRIGGER search_index AFTER UPDATE OF visibility, deleted_at ON files FOR EACH ROW EXECUTE FUNCTION search_on_file();
--> statement-breakpoint
-- Every stored document whose text can be read is queued for extraction (uploads, seed, imports).
CREATE FUNCTION search_enqueue_file() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  if new.mime in ('application/pdf', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') then
    insert into file_texts (file_id) values (new.id) on conflict do nothing;
  end if;
  return null;
end $$;
--> statement-breakpoint
CREATE TRIGGER search_enqueue AFTER INSERT ON files FOR EACH ROW EXECUTE FUNCTION search_enqueue_file();
--> statement-breakpoint
-- Institutional pages are public once written; an area's introduction (`intro:ipc`) is found as its area.
CREATE FUNCTION search_on_page() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  if tg_op = 'DELETE' then
    delete from search_documents where source = 'pages' and source_id = old.key;
  else
    perform search_put('pages', new.key, regexp_replace(new.key, '^intro:', ''), '', new.title, '', search_plain(new.body), '',
                       new.updated_at, 'published', '-infinity', null);
  end if;
  return null;
end $$;
--> statement-breakpoint
CREATE TRIGGER search_index AFTER INSERT OR UPDATE OR DELETE ON pages FOR EACH ROW EXECUTE FUNCTION search_on_page();
--> statement-breakpoint
INSERT INTO file_texts (file_id)
  SELECT id FROM files WHERE deleted_at IS NULL
    AND mime IN ('application/pdf', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
--> statement-breakpoint
SELECT search_reindex('publications', id) FROM publications;
--> statement-breakpoint
SELECT search_reindex('news', id) FROM news;
--> statement-breakpoint
SELECT search_reindex('events', id) FROM events;
--> statement-breakpoint
SELECT search_reindex('galleries', id) FROM galleries;
--> statement-breakpoint
SELECT search_reindex('tenders', id) FROM tenders;
--> statement-breakpoint
SELECT search_reindex('series', id) FROM series;
--> statement-breakpoint
UPDATE pages SET key = key;
