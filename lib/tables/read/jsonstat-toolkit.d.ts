// The part of jsonstat-toolkit (devDependency: the tests read back the API's JSON-stat with it) the tests use.
declare module 'jsonstat-toolkit' {
  type Category = { id: string; label: string; unit?: unknown; note?: string[] };
  type Dimension = { id: string[]; label: string; length: number; role: string; Category(id: string | number): Category };
  type Dataset = {
    class: string;
    id: string[];
    size: number[];
    length: number;
    label: string;
    Dimension(id: string | number): Dimension;
    Dimension(filter: { role: string }): Dimension[];
    Data(query: Record<string, string> | number): { value: number | null; status: string | null };
  };
  export default function JSONstat(input: unknown): Dataset;
}
