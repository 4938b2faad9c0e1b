import { newsItemRoute } from '@/components/routes/news-item';

const route = newsItemRoute('fr');
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
