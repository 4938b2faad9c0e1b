/** Rich text from the database. It is sanitized on every write (never rendered unsanitized input). */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`prose-content ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
