import { newsListRoute } from '@/components/routes/news-list';

const route = newsListRoute('en');
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
