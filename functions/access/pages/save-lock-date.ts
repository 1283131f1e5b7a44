import { lockDateForm } from './book-settings.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';
import { saveSettingsForm } from './settings-form.ts';

export const handler = saveSettingsForm(rows.saveLockDate, lockDateForm);
