-- The search's functions, as they are now: the one place their bodies live (issue 39). Migrations
-- up to 0027 defined them, redefining them whole as sources were added; from now on they change
-- here only. `migrateDatabase` (lib/db/migrate.ts) applies this file after the migrations, every
-- time (each statement replaces what it defines), so a new kind adds its branches here, and its
-- migration only creates its table. An item already indexed is read again when its row changes;
-- a change of a branch that must reach every indexed row says so with
-- `UPDATE search_documents SET source = source WHERE source = '…'` at the end of this file.
--
-- A kind's branch reads: its area, slug, title, summary, plain body, date and life cycle
-- (search_reindex), the text of its public files (search_doc_text, search_on_file), its English
-- texts (search_fill_english); its table gets the `search_index` trigger at the end.

-- The extracted text of an item's attached files: public ones only, never a restricted (sampling) file.
CREATE OR REPLACE FUNCTION search_doc_text(src text, item integer) RETURNS text LANGUAGE sql STABLE AS $$
  select coalesce(left(string_agg(left(ft.text, 100000), E'\n' order by x.position), 300000), '')
  from (
    select file_id, position from publication_files where src = 'publications' and publication_id = item
    union all
    select file_id, position from tender_files where src = 'tenders' and tender_id = item
    union all
    select document_file_id, 0 from press_releases where src = 'press-releases' and id = item and document_file_id is not null
  ) x
  join files f on f.id = x.file_id and f.visibility = 'public' and f.deleted_at is null
  join file_texts ft on ft.file_id = x.file_id and ft.status = 'done'
$$;
--> statement-breakpoint
-- (Re)indexes one item of a kind, read from its table; removes it from the index when it is gone.
CREATE OR REPLACE FUNCTION search_reindex(src text, item integer) RETURNS void LANGUAGE plpgsql AS $$
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
  elsif src = 'press-releases' then
    select 'communiques' as area, slug, title, summary, search_plain(body) as body,
           coalesce(published_at, created_at) as date, status, published_at, deleted_at
      into r from press_releases where id = item;
  elsif src = 'series' then
    -- A series is public once one of its versions is (from its first version's time): an approved
    -- version, and for one that comes out with a calendar release, once the release is out
    -- (lib/series/queries.ts publicBy). With none, its document has no date and is never shown.
    select s.area, s.code as slug, s.label as title, concat_ws(' ', s.code, s.unit, s.base_period, s.source) as summary,
           s.methodology as body,
           (select max(v.published_at) from series_versions v where v.series_id = s.id and search_version_public(v)) as date,
           'published'::content_status as status,
           (select min(v.published_at) from series_versions v where v.series_id = s.id and search_version_public(v)) as published_at,
           null::timestamptz as deleted_at
      into r from series s where s.id = item;
  elsif src = 'tables' then
    -- A table (issue 27) is found by its title, code, description, source, the labels of its
    -- dimensions and their values (French and English, as its latest public version has them), and
    -- is public as a series is: from its first version approved, its time come, its release out.
    select t.area, t.code as slug, t.title, concat_ws(' ', t.code, t.description, t.source) as summary,
           left(concat_ws(' ', t.method, t.notes,
             (select string_agg(concat_ws(' ', d->'label'->>'fr', d->'label'->>'en',
                       (select string_agg(concat_ws(' ', x->'label'->>'fr', x->'label'->>'en'), ' ')
                          from jsonb_array_elements(d->'values') x)), ' ')
                from jsonb_array_elements(
                  (select v.structure from data_table_versions v
                    where v.table_id = t.id and search_table_version_public(v) order by v.number desc limit 1)->'dimensions') d)),
             200000) as body,
           (select max(v.published_at) from data_table_versions v where v.table_id = t.id and search_table_version_public(v)) as date,
           'published'::content_status as status,
           (select min(v.published_at) from data_table_versions v where v.table_id = t.id and search_table_version_public(v)) as published_at,
           null::timestamptz as deleted_at
      into r from data_tables t where t.id = item;
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
-- The English columns of a search document (the English public pages search them): the English
-- texts of its item; an item without them is searched in French on the English pages.
CREATE OR REPLACE FUNCTION search_fill_english() RETURNS trigger LANGUAGE plpgsql AS $$
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
    elsif new.source = 'press-releases' then
      select coalesce(x.translations->'en', '{}'::jsonb) into t from press_releases x where x.id = item;
      new.title_en := coalesce(t->>'title', '');
      new.summary_en := coalesce(t->>'summary', '');
      new.body_en := search_plain(t->>'body');
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
    elsif new.source = 'tables' then
      -- The code stays in the English summary (codes match in both languages); the body has the
      -- English labels of the dimensions and their values, as the latest public version has them.
      select coalesce(x.translations->'en', '{}'::jsonb) as t, x.code,
             (select string_agg(concat_ws(' ', d->'label'->>'en',
                       (select string_agg(v->'label'->>'en', ' ') from jsonb_array_elements(d->'values') v)), ' ')
                from jsonb_array_elements(
                  (select tv.structure from data_table_versions tv
                    where tv.table_id = x.id and search_table_version_public(tv) order by tv.number desc limit 1)->'dimensions') d) as labels
        into r from data_tables x where x.id = item;
      if found then
        t := r.t;
        new.title_en := coalesce(t->>'title', '');
        if new.title_en <> '' then
          new.summary_en := concat_ws(' ', r.code, nullif(trim(t->>'description'), ''), nullif(trim(t->>'source'), ''));
          new.body_en := left(concat_ws(' ', nullif(trim(t->>'method'), ''), nullif(trim(t->>'notes'), ''), r.labels), 200000);
        end if;
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
-- A file's text, or whether visitors may see it, changed: the items attaching it are reindexed.
CREATE OR REPLACE FUNCTION search_on_file() RETURNS trigger LANGUAGE plpgsql AS $$
declare f uuid;
begin
  if tg_table_name = 'files' then f := new.id;
  elsif tg_op = 'DELETE' then f := old.file_id;
  else f := new.file_id;
  end if;
  perform search_reindex('publications', publication_id) from publication_files where file_id = f;
  perform search_reindex('tenders', tender_id) from tender_files where file_id = f;
  perform search_reindex('press-releases', id) from press_releases where document_file_id = f;
  return null;
end $$;
--> statement-breakpoint
-- The kinds' tables reindex their rows as they change (those before press releases: migrations 0007 and 0020).
CREATE OR REPLACE TRIGGER search_index AFTER INSERT OR UPDATE OR DELETE ON press_releases FOR EACH ROW EXECUTE FUNCTION search_on_item('press-releases');
