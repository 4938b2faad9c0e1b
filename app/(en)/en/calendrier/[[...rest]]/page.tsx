import { calendarRoute } from '@/components/routes/calendar';

const route = calendarRoute('en');
export const generateMetadata = route.generateMetadata;
export default route.Page;
