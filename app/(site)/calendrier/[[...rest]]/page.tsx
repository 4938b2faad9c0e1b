import { calendarRoute } from '@/components/routes/calendar';

const route = calendarRoute('fr');
export const generateMetadata = route.generateMetadata;
export default route.Page;
