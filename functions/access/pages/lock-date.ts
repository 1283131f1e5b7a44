import { lockDateForm } from './book-settings.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';
import { settingsFormPage } from './settings-form.ts';

export const handler = settingsFormPage(rows.lockDate, lockDateForm);
