// Opens the configured database the way the server does and keeps it open (lock tests).
import { openDatabase } from '@/lib/db/open';

await openDatabase();
console.log('HELD');
setInterval(() => {}, 1000);
