import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../e2e/helpers/chromium';
export default defineConfig({ testDir: '.', outputDir: '/tmp/pwt/res', reporter: [['list'],['json',{outputFile:'/tmp/pwt/out.json'}]], use: { launchOptions: { executablePath: chromiumPath, args: chromiumArgs } } });
