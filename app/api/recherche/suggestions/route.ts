// GET /api/recherche/suggestions?q=… — titles for the header search box while typing (visible
// documents only), JSON, rate limited per address (lib/search/suggestions.ts; under `npm start`
// the production server answers it before Next).
import { answerSuggestions } from '@/lib/search/suggestions';

export const GET = (request: Request) => answerSuggestions(request);
