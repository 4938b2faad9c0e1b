import { surveyRoute } from '@/components/routes/microdata';

/** Rendered per request, whole: nothing of a survey shows before its minute. */
export const instant = false;

const route = surveyRoute('en');
export const generateMetadata = route.generateMetadata;
export default route.Page;
