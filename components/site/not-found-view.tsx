import { CurrentPath } from './current-path';
import { ErrorView } from './error-view';

/** The seed's 404: « Page Not Found », « Page not found: {path} ». */
export function NotFoundView() {
  return (
    <ErrorView
      statusCode={404}
      description={
        <>
          Page not found: <CurrentPath />
        </>
      }
    >
      <p className="mt-2 text-sm text-muted">La page demandée n&apos;existe pas ou n&apos;est plus en ligne.</p>
    </ErrorView>
  );
}
