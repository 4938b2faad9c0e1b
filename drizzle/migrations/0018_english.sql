-- The English site's search and fields (issue 29). English text search: unaccent, then the English
-- stemmer with its stop words (`en_search`, beside 0007's `fr_search`). The English fields the
-- back-office lacked: gallery photos' captions and descriptions, attached files' labels, date-change
-- reasons (`translations` as in 0010); a series' base period and a release's contact are new keys
-- of the `translations` their rows already have.
CREATE TEXT SEARCH CONFIGURATION en_search (COPY = english);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION en_search ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;
--> statement-breakpoint
CREATE TABLE "search_words_en" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gallery_images" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "publication_files" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "release_date_changes" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "title_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "summary_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "body_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "tsv_en" "tsvector" GENERATED ALWAYS AS (setweight(case when coalesce(title_en, '') <> '' then to_tsvector('en_search', translate(coalesce(title_en, ''), '’', '''')) else to_tsvector('fr_search', translate(coalesce(title, ''), '’', '''')) end, 'A') || setweight(case when coalesce(summary_en, '') <> '' then to_tsvector('en_search', translate(coalesce(summary_en, ''), '’', '''')) else to_tsvector('fr_search', translate(coalesce(summary, ''), '’', '''')) end, 'B') || setweight(case when coalesce(body_en, '') <> '' then to_tsvector('en_search', translate(coalesce(body_en, ''), '’', '''')) else to_tsvector('fr_search', translate(coalesce(body, ''), '’', '''')) end, 'C') || setweight(to_tsvector('fr_search', translate(coalesce(doc_text, ''), '’', '''')), 'D')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "tender_files" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_en_trgm_idx" ON "search_words_en" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_words_en_prefix_idx" ON "search_words_en" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_documents_tsv_en_idx" ON "search_documents" USING gin ("tsv_en");
--> statement-breakpoint
-- A search document's English texts, read from its item's `translations` whenever the document is
-- written (search_put, whatever wrote the item): the French indexing (0007, 0016) is untouched, and
-- a source without English here (or a new one) is searched in French on the English pages.
CREATE FUNCTION search_fill_english() RETURNS trigger LANGUAGE plpgsql AS $$
declare
  t jsonb := '{}'::jsonb;
  item integer;
  r record;
begin
  new.title_en := ''; new.summary_en := ''; new.body_en := '';
  if new.source = 'pages' then
    select coalesce(p.translations->'en', '{}'::jsonb) into t from pages p where p.key = new.source_id;
    new.title_en := coalesce(t->>'title', '');
    new.body_en := search_plain(t->>'body');
  elsif new.source_id ~ '^[0-9]{1,9}$' then
    item := new.source_id::integer;
    if new.source = 'publications' then
      select coalesce(x.translations->'en', '{}'::jsonb) as t, x.fields->>'number' as number into r from publications x where x.id = item;
      if found then
        t := r.t;
        new.title_en := coalesce(t->>'title', '');
        if coalesce(trim(t->>'summary'), '') <> '' or coalesce(trim(t->>'periodLabel'), '') <> '' then
          new.summary_en := concat_ws(' ', nullif(trim(t->>'summary'), ''), nullif(trim(t->>'periodLabel'), ''), r.number);
        end if;
        new.body_en := search_plain(t->>'body');
      end if;
    elsif new.source = 'news' then
      select coalesce(x.translations->'en', '{}'::jsonb) into t from news x where x.id = item;
      new.title_en := coalesce(t->>'title', '');
      new.summary_en := coalesce(t->>'excerpt', '');
      new.body_en := search_plain(t->>'body');
    elsif new.source = 'events' then
      select coalesce(x.translations->'en', '{}'::jsonb) into t from events x where x.id = item;
      new.title_en := coalesce(t->>'title', '');
      new.summary_en := concat_ws(' ', nullif(trim(t->>'summary'), ''), nullif(trim(t->>'place'), ''));
      new.body_en := search_plain(t->>'body');
    elsif new.source = 'galleries' then
      select coalesce(x.translations->'en', '{}'::jsonb) into t from galleries x where x.id = item;
      new.title_en := coalesce(t->>'title', '');
      new.summary_en := coalesce(t->>'description', '');
      new.body_en := coalesce((
        select string_agg(concat_ws(' ', nullif(trim(i.translations->'en'->>'caption'), ''), nullif(trim(i.translations->'en'->>'alt'), '')), ' '
                          order by i.position)
        from gallery_images i where i.gallery_id = item), '');
    elsif new.source = 'tenders' then
      select coalesce(x.translations->'en', '{}'::jsonb) as t, x.reference into r from tenders x where x.id = item;
      if found then
        t := r.t;
        new.title_en := coalesce(t->>'title', '');
        if coalesce(trim(t->>'summary'), '') <> '' then new.summary_en := concat_ws(' ', r.reference, trim(t->>'summary')); end if;
        new.body_en := search_plain(t->>'body');
      end if;
    elsif new.source = 'series' then
      -- The code stays in the English summary: codes match in both languages.
      select coalesce(x.translations->'en', '{}'::jsonb) as t, x.code into r from series x where x.id = item;
      if found then
        t := r.t;
        new.title_en := coalesce(t->>'label', '');
        if new.title_en <> '' then
          new.summary_en := concat_ws(' ', r.code, nullif(trim(t->>'unit'), ''), nullif(trim(t->>'basePeriod'), ''), nullif(trim(t->>'source'), ''));
        end if;
        new.body_en := coalesce(t->>'methodology', '');
      end if;
    end if;
  end if;
  new.title_en := trim(coalesce(new.title_en, ''));
  new.summary_en := trim(coalesce(new.summary_en, ''));
  new.body_en := trim(coalesce(new.body_en, ''));
  if new.title_en <> '' or new.summary_en <> '' or new.body_en <> '' then
    insert into search_words_en (word)
    select distinct w from regexp_split_to_table(
      lower(unaccent('unaccent', concat_ws(' ', new.title_en, new.summary_en, new.body_en))), '[^a-z0-9]+') w
    where length(w) between 3 and 40
    on conflict do nothing;
  end if;
  return new;
end $$;
--> statement-breakpoint
CREATE TRIGGER search_fill_english BEFORE INSERT OR UPDATE ON search_documents FOR EACH ROW EXECUTE FUNCTION search_fill_english();
--> statement-breakpoint
-- An English query word: its English stems, and the French reading of the same word (codes, French
-- titles of untranslated items); a word that is an English stop word is dropped in both.
CREATE FUNCTION search_en_word(w text) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select case when numnode(plainto_tsquery('en_search', w)) = 0 then ''::tsquery
              else plainto_tsquery('en_search', w) || plainto_tsquery('fr_search', w) end
$$;
--> statement-breakpoint
UPDATE search_documents SET source = source;
