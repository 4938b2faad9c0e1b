// A text extraction worker that never answers (lib/search/extraction.test.ts: the timeout kills it).
process.on('message', () => {
  for (;;);
});
