-- Search (migration 0007) knew nothing of review (0013–0014): a series whose only version waits
-- for review, or comes out with a release not yet out, was found and linked to a page with nothing
-- public. A version counts for search as it does for the series' pages.
CREATE OR REPLACE FUNCTION search_version_public(v series_versions) RETURNS boolean LANGUAGE sql STABLE AS $$
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
SELECT search_reindex('series', id) FROM series;
