// The `shapefile` package (Mike Bostock) ships no types: what lib/geo/boundaries.ts uses of it.
declare module 'shapefile' {
  import type { FeatureCollection } from 'geojson';
  export function read(shp: ArrayBuffer | Uint8Array | string, dbf?: ArrayBuffer | Uint8Array | string): Promise<FeatureCollection>;
}
