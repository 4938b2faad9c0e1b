-- Tables with dimensions (issue 27) in the search: search_reindex (0016) learns the source
-- `tables`, and the tables and their versions reindex themselves as the series do.
CREATE OR REPLACE FUNCTION search_table_version_public(v data_table_versions) RETURNS boolean LANGUAGE sql STABLE AS $$
  select v.review = 'approved'
     and (v.release_id is null or exists (select 1 from releases r where r.id = v.release_id and r.status = 'published'))
$$;
--> statement-breakpoint
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
CREATE TRIGGER search_index AFTER INSERT OR UPDATE OR DELETE ON data_tables FOR EACH ROW EXECUTE FUNCTION search_on_item('tables');
--> statement-breakpoint
CREATE TRIGGER search_index AFTER INSERT OR UPDATE OR DELETE ON data_table_versions FOR EACH ROW EXECUTE FUNCTION search_on_owned('tables', 'table_id');
--> statement-breakpoint
SELECT search_reindex('tables', id) FROM data_tables;
