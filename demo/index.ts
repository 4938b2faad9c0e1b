/**
 * The French demo content of a fictional institute (INSS, République de Sahelia): identity,
 * institutional pages, publications of every area with real PDF/XLSX/CSV files, news, events,
 * galleries, tenders, statistical series and the release calendar.
 *
 * Idempotent: does nothing when the site identity row exists. Files are generated and stored
 * first, then every row is inserted in one transaction; on failure the stored files are deleted.
 * Runs from tsx scripts and vitest: no `server-only` here.
 */
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@/lib/db/open';
import * as schema from '@/lib/db/schema';
import { areas, type Area } from '@/lib/content/areas';
import { kindOf } from '@/lib/content/kinds';
import { hashPassword } from '@/lib/auth/password';
import { newStorageKey } from '@/lib/storage';
import type { StorageDriver } from '@/lib/storage/types';
import { accessibilityStatement } from '@/lib/content/accessibility-statement';
import { setSelfApproval } from '@/lib/review/settings';
import { calendarDrafts } from './releases';
import {
  accessibilityStatementEn,
  areaIntroPages,
  directorPage,
  eventDrafts,
  galleryDrafts,
  missionPage,
  newsDrafts,
  tenderDrafts,
  simpleKindDemo,
} from './content';
import { dateLabel, daysFrom } from './dates';
import { demoAccount, demoAccounts, demoEditor } from './demo-account';
import { seedDemoTables } from './tables';
import { seedDemoBoundaries } from './geo/boundaries';
import { seedDemoSurveys, teachingExtractCsv } from './microdata';
import { instituteEn } from './english';
import { buildSceneSvg, generateCsv, generateJpeg, generatePdf, generateXlsx, type SceneKind } from './generate';
import { institute, slugify } from './institute';
import { buildPublications, toHtml, type PublicationDraft } from './publications';
import { createRandom } from './random';
import { generateObservations, seededVersions, seriesDefinitions, type Observation, type SeriesCode } from './series';

export type SeedOptions = { log?: (message: string) => void; now?: Date };

type FileRow = typeof schema.files.$inferInsert;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const MIME = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  jpg: 'image/jpeg',
} as const;
type Ext = keyof typeof MIME;

/** True when the database has no content yet (no site identity row). */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: schema.siteIdentity.id }).from(schema.siteIdentity).limit(1);
  return rows.length === 0;
}

/**
 * Runs `tasks` with at most `limit` of them at a time. On a failure, starts no new task, waits for
 * the running ones (so no file is written after the caller cleans up), then throws the first error.
 */
async function pool(tasks: (() => Promise<unknown>)[], limit: number): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (!failure && next < tasks.length) {
      const task = tasks[next++]!;
      try {
        await task();
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}

export async function seedDemoContent(db: Db, storage: StorageDriver, options: SeedOptions = {}): Promise<{ created: boolean }> {
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  if (!(await isDatabaseEmpty(db))) {
    log('Contenu déjà présent (identité du site trouvée) : aucune modification.');
    return { created: false };
  }
  const started = Date.now();

  // ─── Files ────────────────────────────────────────────────────────────────────────────
  const fileRows: FileRow[] = [];
  const storedKeys: string[] = [];
  const store = async (
    buffer: Buffer,
    meta: { name: string; ext: Ext; createdAt: Date; restricted?: boolean; width?: number; height?: number },
  ): Promise<string> => {
    const key = newStorageKey(meta.ext);
    storedKeys.push(key);
    await storage.put(key, Readable.from(buffer), MIME[meta.ext]);
    const id = randomUUID();
    fileRows.push({
      id,
      storageKey: key,
      name: `${meta.name}.${meta.ext}`,
      originalName: `${slugify(meta.name, 60)}.${meta.ext}`,
      mime: MIME[meta.ext],
      ext: meta.ext,
      size: buffer.length,
      sha256: createHash('sha256').update(buffer).digest('hex'),
      width: meta.width ?? null,
      height: meta.height ?? null,
      variants: null,
      visibility: meta.restricted ? 'restricted' : 'public',
      createdAt: meta.createdAt,
    });
    return id;
  };
  const image = async (kind: SceneKind, seed: string, name: string, createdAt: Date, size: [number, number] = [1200, 800]) => {
    const jpeg = await generateJpeg(buildSceneSvg(kind, createRandom(seed), size[0], size[1]));
    return store(jpeg.buffer, { name, ext: 'jpg', createdAt, width: jpeg.width, height: jpeg.height });
  };

  try {
    const observations = new Map<SeriesCode, Observation[]>(seriesDefinitions.map((d) => [d.code, generateObservations(d, now)]));
    const { publications, releases } = buildPublications(now, observations);
    const restrictedAreas = new Set<string>((areas as readonly Area[]).filter((a) => a.restricted).map((a) => a.slug));
    const areaLabel = new Map<string, string>(areas.map((a) => [a.slug, a.label]));
    const news = newsDrafts(now);
    const events = eventDrafts(now);
    const galleries = galleryDrafts(now);
    const tenders = tenderDrafts(now);
    // The simple kinds' items (press releases), by kind, in the order of `simpleKindDemo`.
    const simple = Object.entries(simpleKindDemo).map(([name, items]) => ({ kind: kindOf(name), items: items(now) }));

    const pubFiles = new Map<PublicationDraft, { fileId: string; label: string; labelEn: string }[]>();
    const tasks: (() => Promise<unknown>)[] = [];

    for (const pub of publications) {
      const restricted = restrictedAreas.has(pub.area);
      const createdAt = pub.publishedAt ?? daysFrom(now, -3);
      const attached: { fileId: string; label: string; labelEn: string }[] = [];
      pubFiles.set(pub, attached);
      const isLaw = pub.area === 'lois' || pub.area === 'decrets';
      const dataName = `Données ${pub.fileBase.replace(/^(Note|Bilan) /, '')}`;
      tasks.push(async () => {
        const pdf = await generatePdf({
          institute: institute.name,
          acronym: institute.acronym,
          country: institute.country,
          kicker: areaLabel.get(pub.area) ?? pub.area,
          title: pub.title,
          period: pub.periodLabel,
          dateLabel: dateLabel(createdAt),
          date: createdAt,
          sections: pub.sections,
          table: pub.table,
          chart: pub.chart,
          restricted,
          accent: restricted ? '#6a1b1b' : isLaw ? '#3d405b' : undefined,
        });
        const fileId = await store(pdf, { name: pub.fileBase, ext: 'pdf', createdAt, restricted });
        attached[0] = {
          fileId,
          label: isLaw ? 'Texte intégral (PDF)' : 'Note complète (PDF)',
          labelEn: isLaw ? 'Full text (PDF)' : 'Full note (PDF)',
        };
        if (pub.xlsx) {
          const xlsx = await generateXlsx(pub.xlsx, { creator: institute.acronym, title: pub.title, date: createdAt });
          const fileId = await store(xlsx, { name: dataName, ext: 'xlsx', createdAt, restricted });
          attached[1] = { fileId, label: 'Données (XLSX)', labelEn: 'Data (XLSX)' };
        }
        if (pub.csv) {
          const csv = generateCsv(pub.csv.headers, pub.csv.rows, pub.csv.decimals);
          attached[2] = {
            fileId: await store(csv, { name: dataName, ext: 'csv', createdAt, restricted }),
            label: 'Données (CSV)',
            labelEn: 'Data (CSV)',
          };
        }
      });
    }

    const newsCovers: string[] = [];
    news.forEach((n, i) =>
      tasks.push(
        async () => (newsCovers[i] = await image(n.scene, `news:${i}`, `Actualité ${i + 1} – ${n.title.slice(0, 50)}`, n.publishedAt)),
      ),
    );
    const eventCovers: string[] = [];
    events.forEach((e, i) =>
      tasks.push(async () => (eventCovers[i] = await image(e.scene, `event:${i}`, `Événement – ${e.title.slice(0, 50)}`, e.publishedAt))),
    );
    const galleryFiles: string[][] = galleries.map(() => []);
    galleries.forEach((g, gi) =>
      g.images.forEach((img, ii) =>
        tasks.push(
          async () =>
            (galleryFiles[gi]![ii] = await image(img.scene, `gallery:${gi}:${ii}`, `${g.title} – photo ${ii + 1}`, g.publishedAt)),
        ),
      ),
    );
    let directorPhoto = '';
    tasks.push(
      async () => (directorPhoto = await image('portrait', 'director', 'Portrait du Directeur général', daysFrom(now, -400), [800, 1000])),
    );
    const tenderFiles: string[] = [];
    tenders.forEach((t, i) =>
      tasks.push(async () => {
        const pdf = await generatePdf({
          institute: institute.name,
          acronym: institute.acronym,
          country: institute.country,
          kicker: `Appel d'offres ${t.reference}`,
          title: t.title,
          period: `Date limite : ${dateLabel(t.deadlineAt)}, 12 h 00`,
          dateLabel: dateLabel(t.publishedAt),
          date: t.publishedAt,
          sections: t.doc.sections,
          table: t.doc.table,
          accent: '#5b4636',
        });
        tenderFiles[i] = await store(pdf, {
          name: `Dossier d'appel d'offres ${t.reference.replace('/', ' ')}`,
          ext: 'pdf',
          createdAt: t.publishedAt,
        });
      }),
    );

    // The PDF of each item with a document column.
    const simpleFiles: string[][] = simple.map(() => []);
    simple.forEach(({ items }, k) =>
      items.forEach(({ row, document }, i) => {
        if (!document) return;
        tasks.push(async () => {
          const pdf = await generatePdf({
            institute: institute.name,
            acronym: institute.acronym,
            country: institute.country,
            ...document.pdf,
          });
          simpleFiles[k]![i] = await store(pdf, { name: document.name, ext: 'pdf', createdAt: row.publishedAt });
        });
      }),
    );

    await pool(tasks, 4);
    const bytes = fileRows.reduce((sum, f) => sum + f.size, 0);
    log(`${fileRows.length} fichiers générés (${(bytes / 1024 / 1024).toFixed(1)} Mo) en ${((Date.now() - started) / 1000).toFixed(1)} s.`);

    // ─── Rows, in one transaction ──────────────────────────────────────────────────────────
    const demoPasswordHash = await hashPassword(demoAccount.password);
    // The open teaching extract of the household survey (lib/microdata: the one file anyone downloads).
    const teachingFileId = await store(teachingExtractCsv(), {
      name: 'EHCVM 2024 — extrait pédagogique',
      ext: 'csv',
      createdAt: daysFrom(now, -40),
    });
    const created = await db.transaction(async (tx) => {
      const accounts = await tx
        .insert(schema.users)
        .values(
          demoAccounts.map((a) => ({ name: a.name, email: a.email, passwordHash: demoPasswordHash, role: a.role, areas: [...a.areas] })),
        )
        .returning({ id: schema.users.id, email: schema.users.email });
      const identity = await tx
        .insert(schema.siteIdentity)
        .values({
          id: 1,
          name: institute.name,
          acronym: institute.acronym,
          country: institute.country,
          tagline: institute.tagline,
          translations: { en: { name: instituteEn.name, tagline: instituteEn.tagline } },
          address: institute.address,
          phone: institute.phone,
          email: institute.email,
          socialLinks: institute.socialLinks,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: schema.siteIdentity.id });
      // Another seeder got there first (concurrent start): leave its content alone.
      if (identity.length === 0) return false;

      await insertChunks(tx, schema.files, fileRows);
      await tx
        .insert(schema.pages)
        .values([
          { ...missionPage, updatedAt: now },
          { ...directorPage, photoFileId: directorPhoto, updatedAt: now },
          { ...accessibilityStatement, translations: { en: accessibilityStatementEn }, updatedAt: now },
          ...areaIntroPages().map((page) => ({ ...page, updatedAt: now })),
        ]);

      const insertedPubs = await tx
        .insert(schema.publications)
        .values(
          publications.map((pub) => ({
            area: pub.area,
            slug: pub.slug,
            title: pub.title,
            summary: pub.summary,
            body: toHtml(pub.sections, pub.table),
            periodLabel: pub.periodLabel,
            translations: pub.en
              ? {
                  en: {
                    title: pub.en.title,
                    summary: pub.en.summary,
                    body: toHtml(pub.en.sections, pub.en.table, 'en'),
                    ...(pub.en.periodLabel ? { periodLabel: pub.en.periodLabel } : {}),
                  },
                }
              : {},
            periodStart: pub.periodStart,
            periodEnd: pub.periodEnd,
            fields: pub.fields,
            status: pub.status,
            publishedAt: pub.publishedAt,
            createdAt: pub.publishedAt ?? daysFrom(now, -3),
            updatedAt: pub.publishedAt ?? daysFrom(now, -1),
          })),
        )
        .returning({ id: schema.publications.id, area: schema.publications.area, slug: schema.publications.slug });
      const pubId = new Map(insertedPubs.map((r) => [`${r.area}/${r.slug}`, r.id]));
      const links = publications.flatMap((pub) => {
        const id = pubId.get(`${pub.area}/${pub.slug}`)!;
        return (
          (pubFiles.get(pub) ?? [])
            .filter(Boolean)
            // English labels for the items written in English (the older ones stay French, as their pages).
            .map((f, position) => ({
              publicationId: id,
              fileId: f.fileId,
              position,
              label: f.label,
              translations: pub.en ? { en: { label: f.labelEn } } : {},
            }))
        );
      });
      await insertChunks(tx, schema.publicationFiles, links);

      await tx.insert(schema.news).values(
        news.map((n, i) => ({
          slug: n.slug,
          title: n.title,
          excerpt: n.excerpt,
          body: n.body,
          translations: n.translations,
          coverFileId: newsCovers[i],
          status: 'published' as const,
          publishedAt: n.publishedAt,
          createdAt: n.publishedAt,
          updatedAt: n.publishedAt,
        })),
      );
      await tx.insert(schema.events).values(
        events.map((e, i) => ({
          slug: e.slug,
          title: e.title,
          summary: e.summary,
          body: e.body,
          place: e.place,
          startsAt: e.startsAt,
          endsAt: e.endsAt,
          coverFileId: eventCovers[i],
          status: 'published' as const,
          publishedAt: e.publishedAt,
          createdAt: e.publishedAt,
          updatedAt: e.publishedAt,
        })),
      );
      const insertedGalleries = await tx
        .insert(schema.galleries)
        .values(
          galleries.map((g) => ({
            slug: g.slug,
            title: g.title,
            description: g.description,
            takenOn: g.takenOn,
            translations: g.en ? { en: g.en } : {},
            status: 'published' as const,
            publishedAt: g.publishedAt,
            createdAt: g.publishedAt,
            updatedAt: g.publishedAt,
          })),
        )
        .returning({ id: schema.galleries.id, slug: schema.galleries.slug });
      const galleryId = new Map(insertedGalleries.map((g) => [g.slug, g.id]));
      await tx.insert(schema.galleryImages).values(
        galleries.flatMap((g, gi) =>
          g.images.map((img, position) => ({
            galleryId: galleryId.get(g.slug)!,
            fileId: galleryFiles[gi]![position]!,
            caption: img.caption,
            alt: img.alt,
            translations: img.en ? { en: img.en } : {},
            position,
          })),
        ),
      );
      const insertedTenders = await tx
        .insert(schema.tenders)
        .values(
          tenders.map((t) => ({
            slug: t.slug,
            reference: t.reference,
            title: t.title,
            summary: t.summary,
            body: t.body,
            deadlineAt: t.deadlineAt,
            status: 'published' as const,
            publishedAt: t.publishedAt,
            createdAt: t.publishedAt,
            updatedAt: t.publishedAt,
          })),
        )
        .returning({ id: schema.tenders.id, reference: schema.tenders.reference });
      const tenderId = new Map(insertedTenders.map((t) => [t.reference, t.id]));
      await tx.insert(schema.tenderFiles).values(
        tenders.map((t, i) => ({
          tenderId: tenderId.get(t.reference)!,
          fileId: tenderFiles[i]!,
          position: 0,
          label: "Dossier d'appel d'offres (PDF)",
          translations: { en: { label: 'Tender documents (PDF)' } },
        })),
      );

      for (const [k, { kind, items }] of simple.entries()) {
        await tx.insert(kind.table).values(
          items.map(({ row, document }, i) => ({
            ...row,
            ...(document ? { [document.column]: simpleFiles[k]![i]! } : {}),
            createdAt: row.publishedAt,
            updatedAt: row.publishedAt,
          })),
        );
      }

      const insertedSeries = await tx
        .insert(schema.series)
        .values(
          seriesDefinitions.map((d) => ({
            code: d.code,
            area: d.area,
            label: d.label,
            unit: d.unit,
            basePeriod: d.basePeriod,
            frequency: 'monthly' as const,
            methodology: d.methodology,
            decimals: d.decimals,
            source: d.source,
            translations: { en: d.en },
            headline: true,
            imfIndicator: d.imfIndicator ?? null,
            updatedAt: now,
          })),
        )
        .returning({ id: schema.series.id, code: schema.series.code });
      let observationCount = 0;
      for (const s of insertedSeries) {
        const def = seriesDefinitions.find((d) => d.code === s.code)!;
        const { first, second } = seededVersions(def, observations.get(def.code) ?? []);
        const versions = await tx
          .insert(schema.seriesVersions)
          .values([
            {
              seriesId: s.id,
              number: 1,
              publishedAt: daysFrom(now, -38, 8, 45),
              announcedAt: daysFrom(now, -38, 8, 45),
              kind: 'revision',
              reason: 'Publication mensuelle.',
            },
            {
              seriesId: s.id,
              number: 2,
              publishedAt: daysFrom(now, -8, 8, 45),
              announcedAt: daysFrom(now, -8, 8, 45),
              kind: 'revision',
              reason: 'Publication mensuelle : nouveau mois, et révision du mois précédent après intégration des relevés tardifs.',
            },
          ])
          .returning({ id: schema.seriesVersions.id, number: schema.seriesVersions.number });
        const [v1, v2] = versions;
        const rows = [
          ...first.map((o) => ({ seriesId: s.id, versionId: v1!.id, ...o })),
          ...second.map((o) => ({ seriesId: s.id, versionId: v2!.id, ...o })),
        ];
        observationCount += rows.length;
        await insertChunks(tx, schema.observations, rows);
      }

      const calendar = calendarDrafts(now, releases);
      const insertedReleases = await tx
        .insert(schema.releases)
        .values(
          calendar.map((r) => ({
            slug: r.slug,
            area: r.area,
            title: r.title,
            scheduledAt: r.scheduledAt,
            status: r.status,
            provisionalLabel: r.provisionalLabel ?? null,
            reason: r.reason ?? null,
            translations: {
              en: {
                title: r.titleEn,
                ...(r.provisionalLabel && r.en?.provisionalLabel ? { provisionalLabel: r.en.provisionalLabel } : {}),
                ...(r.reason && r.en?.reason ? { reason: r.en.reason } : {}),
                ...(r.contactEn ? { contact: r.contactEn } : {}),
              },
            },
            contact: r.contact,
            sequence: r.history?.length ?? 0,
            createdAt: daysFrom(now, -30),
            updatedAt: r.status === 'published' ? r.scheduledAt : daysFrom(now, -30),
          })),
        )
        .returning({ id: schema.releases.id, slug: schema.releases.slug });
      const releaseId = new Map(insertedReleases.map((r) => [r.slug, r.id]));
      const carried = calendar.flatMap((r) => {
        const publicationId = r.publication ? pubId.get(r.publication) : undefined;
        return publicationId ? [{ releaseId: releaseId.get(r.slug)!, publicationId }] : [];
      });
      if (carried.length > 0) await tx.insert(schema.releasePublications).values(carried);
      const changes = calendar.flatMap((r) =>
        (r.history ?? []).map((h, i, all) => ({
          releaseId: releaseId.get(r.slug)!,
          previousAt: h.previousAt,
          newAt: all[i + 1]?.previousAt ?? r.scheduledAt,
          reason: h.reason,
          translations: h.reasonEn ? { en: { reason: h.reasonEn } } : {},
          changedAt: daysFrom(now, -3),
        })),
      );
      if (changes.length > 0) await tx.insert(schema.releaseDateChanges).values(changes);
      await seedReview(tx, now, accounts.find((a) => a.email === demoEditor.email)!.id);
      // Tables go through the application's own writes, approved under the demo's self-approval (seedReview).
      const admin = accounts.find((a) => a.email === demoAccount.email)!;
      // The CPI table's « Ensemble » row is the IPC series as published (its version 2's values are `observations`).
      const ipcValues = new Map(
        (observations.get('IPC') ?? []).map((o) => [
          o.period,
          { value: o.value, status: o.status === 'final' ? ('A' as const) : ('P' as const) },
        ]),
      );
      const tableCells = await seedDemoTables(tx, now, { id: admin.id, name: demoAccount.name, email: admin.email }, ipcValues);
      // The regions' boundaries, through the upload's own checks (every region of the tables has its shape).
      await seedDemoBoundaries(tx);
      // The surveys, imported from their DDI files in demo/microdata through the application's reader.
      const surveyVariables = await seedDemoSurveys(tx, {
        now,
        actor: { user: { id: admin.id, name: demoAccount.name, email: admin.email } },
        openFileId: teachingFileId,
      });
      log(
        `${publications.length} publications, ${news.length} actualités, ${events.length} événements, ${galleries.length} galeries, ` +
          `${tenders.length} appels d'offres, ${insertedSeries.length} séries (${observationCount} valeurs en 2 versions), ${calendar.length} annonces de diffusion, ` +
          `3 tableaux (${tableCells} cellules), 2 enquêtes (${surveyVariables} variables).`,
      );
      return true;
    });

    if (!created) {
      await removeFiles(storage, storedKeys);
      log('Contenu déjà créé par un autre processus : aucune modification.');
      return { created: false };
    }
    log(`Contenu de démonstration créé en ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    return { created: true };
  } catch (error) {
    await removeFiles(storage, storedKeys);
    throw error;
  }
}

/**
 * Review (lib/review): what the demo has online or scheduled, its releases and series versions
 * were approved; one note of the
 * Rédacteur waits for a publisher's review (the « À relire » list). Self-approval is on, so the
 * demo's administrator can try publishing alone (README: turn it off for a real team).
 */
async function seedReview(tx: Tx, now: Date, editorId: string): Promise<void> {
  for (const table of ['publications', 'news', 'events', 'galleries', 'tenders']) {
    await tx.execute(sql.raw(`update ${table} set review = 'approved' where status <> 'draft'`));
  }
  // The calendar's releases and the series' versions were approved by the institute's team.
  await tx.execute(sql`update releases set review = 'approved'`);
  await tx.execute(sql`update series_versions set review = 'approved'`);
  const submittedAt = new Date(now.getTime() - 2 * 3_600_000);
  await tx.insert(schema.news).values({
    slug: 'releves-de-prix-trois-nouvelles-regions',
    title: 'Les relevés de prix s’étendent à trois nouvelles régions',
    excerpt:
      'À partir du mois prochain, l’indice des prix à la consommation s’appuiera aussi sur les marchés de trois chefs-lieux de région.',
    body: '<p>Les enquêteurs de l’institut relèveront désormais les prix dans trois chefs-lieux de région supplémentaires. L’indice national gagnera en représentativité.</p>',
    status: 'draft',
    review: 'submitted',
    createdAt: submittedAt,
    updatedAt: submittedAt,
    createdBy: editorId,
    updatedBy: editorId,
    editedBy: editorId,
    reviewedBy: editorId,
    reviewedAt: submittedAt,
  });
  await setSelfApproval(tx, { allowed: true, user: null, actor: 'Données de démonstration' });
}

async function insertChunks<TTable extends PgTable>(tx: Tx, table: TTable, rows: TTable['$inferInsert'][], size = 200): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    await tx.insert(table).values(rows.slice(i, i + size) as PgInsertValue<TTable>[]);
  }
}

async function removeFiles(storage: StorageDriver, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => {})));
}
